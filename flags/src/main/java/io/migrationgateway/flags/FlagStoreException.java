package io.migrationgateway.flags;

/** The flags' database could not be read or written; the message is written for an operator. */
public final class FlagStoreException extends RuntimeException {
    public FlagStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
