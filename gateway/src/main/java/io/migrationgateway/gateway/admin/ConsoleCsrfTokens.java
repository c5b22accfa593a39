package io.migrationgateway.gateway.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;

/**
 * The CSRF tokens one console session was given, each usable until its own instant. Only the newest {@value #KEPT}
 * are kept, so a session that loads many pages holds a bounded set. Thread-safe: two tabs may submit at once.
 */
final class ConsoleCsrfTokens {
    static final int KEPT = 16;

    private final SecureRandom random;
    private final Deque<Issued> issued = new ArrayDeque<>();

    /** What a presented token turned out to be. */
    enum Check { VALID, EXPIRED, UNKNOWN }

    private record Issued(byte[] value, Instant expires) {
    }

    ConsoleCsrfTokens(SecureRandom random) {
        this.random = random;
    }

    /** A new unguessable token, usable until {@code expires}; the oldest token is forgotten when {@value #KEPT} are held. */
    synchronized String issue(Instant expires) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        if (issued.size() == KEPT) {
            issued.removeFirst();
        }
        issued.addLast(new Issued(token.getBytes(StandardCharsets.US_ASCII), expires));
        return token;
    }

    /** Whether {@code token} is one of this session's and still usable at {@code now}; compared in constant time. */
    synchronized Check check(String token, Instant now) {
        byte[] presented = token.getBytes(StandardCharsets.UTF_8);
        for (Issued candidate : issued) {
            if (MessageDigest.isEqual(candidate.value(), presented)) {
                return now.isBefore(candidate.expires()) ? Check.VALID : Check.EXPIRED;
            }
        }
        return Check.UNKNOWN;
    }
}
