package io.migrationgateway.resourceapi.status;

import io.migrationgateway.model.Status;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.patch.ApplyConflictException;
import io.migrationgateway.resourceapi.patch.PatchException;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageUnavailableException;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become Kubernetes {@link Status}es (the apiserver's
 * {@code InterpretGetError}/{@code InterpretUpdateError} at the storage boundary), with the apiserver's
 * reasons, codes and message wording, since kubectl prints them verbatim.
 *
 * <p>Failures that are not the caller's fault (identity source or database down, bugs) answer a generic
 * message; their detail goes to the log only, with the request id.
 */
public final class StatusErrors {
    private static final Logger LOG = LoggerFactory.getLogger(StatusErrors.class);

    private final Kinds kinds;

    public StatusErrors(Kinds kinds) {
        this.kinds = Objects.requireNonNull(kinds, "kinds");
    }

    /** The Status to answer for {@code failure} when no object is concerned. */
    public Status toStatus(Throwable failure, String requestId) {
        return toStatus(failure, null, null, requestId);
    }

    /**
     * The Status to answer for {@code failure}.
     *
     * @param kind      the kind the request is about, or {@code null} (for the details of patch errors)
     * @param name      the object the request is about, or {@code null}
     * @param requestId the request's id, for the log line of unexpected failures
     */
    public Status toStatus(Throwable failure, KindDeclaration kind, String name, String requestId) {
        GroupResource subject = kind == null ? null : kind.groupResource();
        return switch (failure) {
            case ApiException api -> api.status();
            case StorageException storage -> fromStorage(storage);
            case PatchException patch -> switch (patch.kind()) {
                case BAD_REQUEST -> status(400, "BadRequest", patch.getMessage(), subject, name, List.of());
                case INVALID -> status(422, "Invalid", patch.getMessage(), subject, name, List.of());
                case TOO_LARGE -> status(413, "RequestEntityTooLarge", patch.getMessage(), subject, name, List.of());
            };
            case ApplyConflictException conflict -> status(409, "Conflict", conflict.getMessage(), subject, name,
                    conflict.conflicts().stream()
                            .map(c -> new Status.Cause("FieldManagerConflict", c.causeMessage(), c.field()))
                            .toList());
            case Access.Unauthenticated ignored -> new Status(401, "Unauthorized", "Unauthorized", null);
            case Access.AccessUnavailableException down -> {
                LOG.warn("request {}: identity source unavailable: {}", requestId, down.getMessage(), down.getCause());
                yield new Status(503, "ServiceUnavailable",
                        "the server cannot verify credentials right now; try again later", null);
            }
            case StorageUnavailableException down -> {
                LOG.warn("request {}: storage unavailable: {}", requestId, down.getMessage(), down.getCause());
                yield new Status(503, "ServiceUnavailable",
                        "the server cannot reach its storage right now; try again later", null);
            }
            default -> {
                LOG.error("request {}: unexpected failure", requestId, failure);
                yield internalError(requestId);
            }
        };
    }

    /** The Status of an unexpected failure; names only the request id, which the log line carries too. */
    private static Status internalError(String requestId) {
        return new Status(500, "InternalError",
                "Internal error occurred: the request failed on the server (request id " + requestId + ")", null);
    }

    private Status fromStorage(StorageException e) {
        ObjectKey key = e.key();
        String name = key == null ? null : key.name();
        GroupResource gr = key == null ? null : key.groupResource();
        String qualified = gr == null ? null : gr.toString();
        return switch (e.reason()) {
            case NOT_FOUND -> key == null
                    ? status(404, "NotFound", e.getMessage(), gr, name, List.of())
                    : status(404, "NotFound", qualified + " \"" + name + "\" not found", gr, name, List.of());
            case ALREADY_EXISTS -> key == null
                    ? status(409, "AlreadyExists", e.getMessage(), gr, name, List.of())
                    : status(409, "AlreadyExists", qualified + " \"" + name + "\" already exists", gr, name, List.of());
            case CONFLICT -> key == null || e.getMessage().startsWith("Operation cannot be fulfilled")
                    ? status(409, "Conflict", e.getMessage(), gr, name, List.of())
                    : status(409, "Conflict", "Operation cannot be fulfilled on " + qualified + " \"" + name + "\": "
                            + e.getMessage(), gr, name, List.of());
            case EXPIRED -> status(410, "Expired", e.getMessage(), gr, name, List.of());
            case BAD_REQUEST -> status(400, "BadRequest", e.getMessage(), gr, name, List.of());
            case TOO_LARGE -> status(413, "RequestEntityTooLarge", e.getMessage(), gr, name, List.of());
            case INVALID -> invalidStatus(gr, name, e.getMessage(), e.causes().stream()
                    .map(c -> new Status.Cause(c.reason(), c.message(), c.field())).toList());
        };
    }

    private Status invalidStatus(GroupResource gr, String name, String fallback, List<Status.Cause> causes) {
        if (gr == null) {
            return status(422, "Invalid", fallback, null, name, causes);
        }
        String kind = kinds.find(gr).map(KindDeclaration::kind).orElse(gr.resource());
        return status(422, "Invalid", invalidMessage(kind + "." + gr.group(), name, causes, fallback), gr, name, causes);
    }

    /** {@code Kind.group "name" is invalid: field: message} (several causes in brackets), as the apiserver words it. */
    static String invalidMessage(String qualifiedKind, String name, List<Status.Cause> causes, String fallback) {
        String subject = qualifiedKind + " \"" + (name == null ? "" : name) + "\" is invalid: ";
        if (causes.isEmpty()) {
            return subject + fallback;
        }
        List<String> parts = causes.stream().map(StatusErrors::describe).toList();
        return subject + (parts.size() == 1 ? parts.get(0) : parts.stream().collect(Collectors.joining(", ", "[", "]")));
    }

    private static String describe(Status.Cause cause) {
        String message = cause.message() == null ? "" : cause.message();
        if (cause.field() == null || cause.field().isEmpty() || message.startsWith(cause.field() + ":")) {
            return message;
        }
        return cause.field() + ": " + message;
    }

    private static Status status(int code, String reason, String message, GroupResource gr, String name,
                                 List<Status.Cause> causes) {
        Status.Details details = gr == null && name == null && causes.isEmpty()
                ? null
                : new Status.Details(name, gr == null ? null : gr.group(), gr == null ? null : gr.resource(), causes);
        return new Status(code, reason, message, details);
    }

    // ---- refusals made by the API layer itself ----

    /** A path that names nothing served (unknown group, version, resource or shape). */
    public static ApiException pathNotFound() {
        return new ApiException(new Status(404, "NotFound", "the server could not find the requested resource", null));
    }

    public static ApiException badRequest(String message) {
        return new ApiException(new Status(400, "BadRequest", message, null));
    }

    /** 422 Invalid with field causes. */
    public ApiException invalid(KindDeclaration kind, String name, List<Status.Cause> causes) {
        return new ApiException(invalidStatus(kind.groupResource(), name, "", causes));
    }

    /**
     * 403 in the apiserver's words, e.g. {@code dashboards.dashboard.grafana.app "x" is forbidden: User "u" cannot
     * get resource "dashboards" in API group "dashboard.grafana.app" in the namespace "org-2"}.
     */
    public static ApiException forbidden(String user, String verb, KindDeclaration kind, String namespace, String name) {
        GroupResource gr = kind.groupResource();
        String subject = name == null ? gr.toString() : gr + " \"" + name + "\"";
        String scope = namespace == null ? "at the cluster scope" : "in the namespace \"" + namespace + "\"";
        String message = subject + " is forbidden: User \"" + user + "\" cannot " + verb + " resource \""
                + gr.resource() + "\" in API group \"" + gr.group() + "\" " + scope;
        return new ApiException(status(403, "Forbidden", message, gr, name, List.of()));
    }

    public static ApiException methodNotAllowed() {
        return new ApiException(new Status(405, "MethodNotAllowed",
                "the server does not allow this method on the requested resource", null));
    }

    public static ApiException notAcceptable(String accepted) {
        return new ApiException(new Status(406, "NotAcceptable",
                "only the following media types are accepted: " + accepted, null));
    }

    public static ApiException unsupportedMediaType(String accepted) {
        return new ApiException(new Status(415, "UnsupportedMediaType",
                "the body of the request was in an unknown format - accepted media types include: " + accepted, null));
    }

    public static ApiException tooLarge(long limit) {
        return new ApiException(new Status(413, "RequestEntityTooLarge",
                "Request entity too large: limit is " + limit, null));
    }
}
