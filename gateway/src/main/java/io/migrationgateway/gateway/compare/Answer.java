package io.migrationgateway.gateway.compare;

import java.util.Objects;

/**
 * One side's answer to a read, as the comparison needs it.
 *
 * @param status  the HTTP status
 * @param body    the body as sent (UTF-8 JSON, or empty)
 * @param seconds how long the side took to answer
 */
public record Answer(int status, byte[] body, double seconds) {
    public Answer {
        Objects.requireNonNull(body, "body");
    }
}
