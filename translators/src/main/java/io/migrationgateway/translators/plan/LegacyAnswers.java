package io.migrationgateway.translators.plan;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.legacy.LegacyResponse;

/**
 * Legacy error answers as Resource API {@link Status}es, for plans that serve the Resource API from the legacy API:
 * the legacy code says which Kubernetes reason applies, the object and kind fill in the apiserver's wording.
 */
public final class LegacyAnswers {
    private LegacyAnswers() {
    }

    /**
     * The Status a legacy error answer means for object {@code name} of {@code kind} ({@code name} may be empty for a
     * collection). A 412 is the legacy optimistic-concurrency refusal, hence a Conflict.
     */
    public static Status toStatus(KindDeclaration kind, String name, LegacyResponse answer) {
        String message = answer.message().isEmpty() ? "the legacy API answered " + answer.status() : answer.message();
        return switch (answer.status()) {
            case 400 -> Status.of(400, "BadRequest", message, kind, name);
            case 401 -> new Status(401, "Unauthorized", "Unauthorized", null);
            case 403 -> Status.of(403, "Forbidden", kind.qualifiedResource() + (name.isEmpty() ? "" : " \"" + name + "\"")
                    + " is forbidden: " + message, kind, name);
            case 404 -> name.isEmpty() ? Status.of(404, "NotFound", message, kind, name) : Status.notFound(kind, name);
            case 409 -> Status.of(409, "Conflict", message, kind, name);
            case 412 -> Status.conflict(kind, name);
            case 422 -> Status.of(422, "Invalid", message, kind, name);
            default -> Status.internalError("the legacy API answered " + answer.status() + ": " + message);
        };
    }
}
