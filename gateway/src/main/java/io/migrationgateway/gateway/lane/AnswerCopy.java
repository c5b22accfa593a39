package io.migrationgateway.gateway.lane;

/**
 * Where a copy of a relayed answer goes once the caller has it all ({@link Relay.Copying}): the shadow comparison of a
 * read the legacy side answers. Called on the connection's IO thread, so it must not block.
 */
public interface AnswerCopy {
    /**
     * The caller has the whole answer.
     *
     * @param status          its status
     * @param contentEncoding its {@code Content-Encoding}, or null
     * @param body            its body without the transfer coding (as the caller's HTTP client reads it), or null when
     *                        it was longer than the copy's cap
     * @param nanos           from the request to the answer's end
     */
    void answered(int status, String contentEncoding, byte[] body, long nanos);

    /** The answer did not reach the caller whole: the caller or the legacy side went away in the middle of it. */
    void incomplete();
}
