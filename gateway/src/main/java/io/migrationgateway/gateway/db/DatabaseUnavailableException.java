package io.migrationgateway.gateway.db;

/** The gateway's database cannot be reached, started or migrated; the message says why for an operator. */
public final class DatabaseUnavailableException extends RuntimeException {
    public DatabaseUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
