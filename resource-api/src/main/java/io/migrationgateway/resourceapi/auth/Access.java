package io.migrationgateway.resourceapi.auth;

/**
 * Who is calling. The gateway's implementation asks the legacy backend (the caller's credentials
 * against {@code /api/user} and {@code /api/user/orgs}, cached briefly), so no second user database exists.
 */
public interface Access {
    /**
     * The caller behind an {@code Authorization} header value.
     *
     * @param authorization the header value as sent ({@code Basic ...}, {@code Bearer ...}), or {@code null}
     * @return the caller
     * @throws Unauthenticated when the header is missing or the credentials are refused
     * @throws AccessUnavailableException when the identity source cannot be asked (legacy down)
     */
    Caller authenticate(String authorization);

    /** Credentials missing or refused: a 401 Unauthorized Status. */
    final class Unauthenticated extends RuntimeException {
        public Unauthenticated(String message) {
            super(message, null, false, false);
        }
    }

    /** The identity source is down: a 503 ServiceUnavailable Status (not the caller's fault). */
    final class AccessUnavailableException extends RuntimeException {
        public AccessUnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
