package io.migrationgateway.gateway.upstream;

/** The legacy side could not be asked (unreachable, too slow, breaker open): no answer, not a refusal. */
public final class LegacyUnavailableException extends RuntimeException {
    public LegacyUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
