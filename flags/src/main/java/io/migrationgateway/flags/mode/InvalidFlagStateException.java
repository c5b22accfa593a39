package io.migrationgateway.flags.mode;

/** A flag state that cannot be saved (a bad mode, a malformed namespace override); the message says what to fix. */
public final class InvalidFlagStateException extends IllegalArgumentException {
    public InvalidFlagStateException(String message) {
        super(message);
    }
}
