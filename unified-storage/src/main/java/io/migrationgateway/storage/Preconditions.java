package io.migrationgateway.storage;

/**
 * Conditions a delete (or update) must meet, as Kubernetes {@code DeleteOptions.preconditions}.
 * A {@code null} field is not checked. A failed precondition is a {@link StorageException.Reason#CONFLICT}.
 */
public record Preconditions(String uid, String resourceVersion) {
    public static final Preconditions NONE = new Preconditions(null, null);
}
