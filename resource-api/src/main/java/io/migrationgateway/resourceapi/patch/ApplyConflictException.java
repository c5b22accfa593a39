package io.migrationgateway.resourceapi.patch;

import java.util.List;
import java.util.Objects;

/**
 * Server-side apply refused because other managers own fields whose values the apply would change (and
 * {@code force} was false). Answer it as the apiserver does: 409 Conflict, the {@linkplain #getMessage() message}
 * as is, and one {@code StatusCause} per conflict with type {@code FieldManagerConflict}, message
 * {@link Conflict#causeMessage()} and field {@link Conflict#field()}.
 */
public final class ApplyConflictException extends RuntimeException {
    /**
     * One field another manager owns.
     *
     * @param manager      the other manager's name, e.g. {@code kubectl-client-side-apply}
     * @param field        the field in structured-merge-diff notation, e.g. {@code .spec.title}
     * @param causeMessage the Kubernetes cause message, e.g.
     *                     {@code conflict with "kubectl-client-side-apply" using dashboard.grafana.app/v1beta1}
     */
    public record Conflict(String manager, String field, String causeMessage) {
        public Conflict {
            Objects.requireNonNull(manager, "manager");
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(causeMessage, "causeMessage");
        }
    }

    private final List<Conflict> conflicts;

    ApplyConflictException(String message, List<Conflict> conflicts) {
        super(message, null, false, false);
        this.conflicts = List.copyOf(conflicts);
    }

    /** The conflicts, sorted by manager then field; never empty. */
    public List<Conflict> conflicts() {
        return conflicts;
    }
}
