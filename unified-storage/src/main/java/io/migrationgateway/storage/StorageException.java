package io.migrationgateway.storage;

import java.util.List;
import java.util.Objects;

/**
 * A storage operation refused for a reason the caller can act on. The API layer turns it into a
 * Kubernetes {@code Status} at its boundary (the storage knows no HTTP). Unexpected failures
 * (the database is gone) are {@link StorageUnavailableException}s instead.
 */
public final class StorageException extends RuntimeException {
    /** Why: each maps to one Kubernetes {@code Status} reason and code. */
    public enum Reason {
        /** 404 NotFound. */
        NOT_FOUND,
        /** 409 AlreadyExists: create of a name that exists. */
        ALREADY_EXISTS,
        /** 409 Conflict: a precondition (resourceVersion, uid) does not hold. */
        CONFLICT,
        /** 410 Expired: a resource version or continue token older than the kept history. */
        EXPIRED,
        /** 422 Invalid: the object breaks a rule; {@link #causes()} says which fields. */
        INVALID,
        /** 400 BadRequest: a malformed selector, continue token or option. */
        BAD_REQUEST,
        /** 413 RequestEntityTooLarge: the object, as stored, is larger than the store takes. */
        TOO_LARGE
    }

    /** One field-level cause of an {@link Reason#INVALID} refusal, as in Kubernetes {@code StatusCause}. */
    public record Cause(String field, String reason, String message) {
    }

    private final Reason reason;
    private final ObjectKey key;
    private final List<Cause> causes;

    public StorageException(Reason reason, ObjectKey key, String message, List<Cause> causes) {
        super(message, null, false, false);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.key = key;
        this.causes = List.copyOf(causes);
    }

    public StorageException(Reason reason, ObjectKey key, String message) {
        this(reason, key, message, List.of());
    }

    /** NOT_FOUND with the apiserver's message: {@code dashboards.dashboard.grafana.app "abc" not found}. */
    /** An object whose stored JSON would be {@code bytes} long, over the store's {@code limit}. */
    public static StorageException tooLarge(ObjectKey key, long bytes, long limit) {
        return new StorageException(Reason.TOO_LARGE, key, "Request entity too large: " + quoted(key) + " is " + bytes
            + " bytes as stored; the limit is " + limit + " (storage.max-object-bytes)");
    }

    public static StorageException notFound(ObjectKey key) {
        return new StorageException(Reason.NOT_FOUND, key, quoted(key) + " not found");
    }

    /** ALREADY_EXISTS with the apiserver's message: {@code dashboards.dashboard.grafana.app "abc" already exists}. */
    public static StorageException alreadyExists(ObjectKey key) {
        return new StorageException(Reason.ALREADY_EXISTS, key, quoted(key) + " already exists");
    }

    /** CONFLICT for a stale {@code resourceVersion}, with the apiserver's message. */
    public static StorageException modified(ObjectKey key) {
        return new StorageException(Reason.CONFLICT, key, "Operation cannot be fulfilled on " + quoted(key)
            + ": the object has been modified; please apply your changes to the latest version and try again");
    }

    private static String quoted(ObjectKey key) {
        return key.groupResource() + " \"" + key.name() + "\"";
    }

    public Reason reason() {
        return reason;
    }

    /** The object concerned, when there is one (not for list-level errors). */
    public ObjectKey key() {
        return key;
    }

    public List<Cause> causes() {
        return causes;
    }
}
