package io.migrationgateway.storage;

/** The database could not serve the operation (connection lost, deadlock after retries): a 500/503, not the caller's fault. */
public final class StorageUnavailableException extends RuntimeException {
    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
