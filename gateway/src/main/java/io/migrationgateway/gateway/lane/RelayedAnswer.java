package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;

/**
 * The answer relayed for a caller's request in flight: its status, where its body ends within the bytes read, whether
 * its upstream connection can carry another request afterwards, and the copy made for the shadow comparison. One per
 * caller connection, made ready again after each request ({@link #reset}); IO thread only.
 */
final class RelayedAnswer {
    private boolean headRead;
    private ResponseHead.Framing framing;
    private long remaining;
    private ChunkedBodyEnd chunks;
    private boolean ended;
    private boolean upstreamReusable;
    private int status;
    /** For a {@link Relay.Copying} request: where the copy goes, the copy, and the answer's Content-Encoding. */
    private AnswerCopy copyTo;
    private BodyCopy bodyCopy;
    private String contentEncoding;

    /** The answer is to be copied as {@code copying} says. */
    void copy(Relay.Copying copying) {
        copyTo = copying.copy();
        bodyCopy = new BodyCopy(copying.cap());
    }

    /**
     * The upstream's answer head has been read.
     *
     * @return whether the body ends only when the upstream closes, so the caller, too, learns its end from a close
     */
    boolean started(ResponseHead head) {
        headRead = true;
        status = head.status();
        framing = head.framing();
        remaining = head.contentLength();
        upstreamReusable = head.reusable();
        ended = framing == ResponseHead.Framing.NONE;
        if (bodyCopy != null) {
            contentEncoding = head.contentEncoding();
        }
        if (framing == ResponseHead.Framing.CHUNKED) {
            chunks = new ChunkedBodyEnd(bodyCopy);
        }
        return framing == ResponseHead.Framing.UNTIL_CLOSE;
    }

    /** The gateway answers in its own words instead ({@code body} is what the caller gets). */
    void replacedBy(int status, byte[] body) {
        this.status = status;
        headRead = true;
        ended = true;
        if (bodyCopy != null) {
            bodyCopy.add(ByteBuffer.wrap(body), 0, body.length); // the answer the caller gets, as the chain's copy has it
        }
    }

    /**
     * Marks where the answer ends within the body bytes just read (bytes after it belong to no request).
     *
     * @return false when the end cannot be told (a broken chunked body): the caller's connection must close
     */
    boolean frame(ByteBuffer body) {
        boolean framed = true;
        switch (framing) {
            case NONE -> {
                if (body.hasRemaining()) {
                    upstreamReusable = false;
                    body.limit(body.position());
                }
            }
            case LENGTH -> {
                if (body.remaining() >= remaining) {
                    if (body.remaining() > remaining) {
                        upstreamReusable = false;
                        body.limit(body.position() + (int) remaining);
                    }
                    remaining = 0;
                    ended = true;
                } else {
                    remaining -= body.remaining();
                }
            }
            case CHUNKED -> {
                int end = chunks.feed(body, body.position(), body.limit());
                if (end == ChunkedBodyEnd.MALFORMED) {
                    upstreamReusable = false;
                    ended = true;
                    incomplete();
                    framed = false;
                } else if (end >= 0) {
                    if (end < body.limit()) {
                        upstreamReusable = false;
                        body.limit(end);
                    }
                    ended = true;
                }
            }
            case UNTIL_CLOSE -> {
                // ends when the upstream closes
            }
            default -> throw new IllegalStateException();
        }
        if (bodyCopy != null && framing != ResponseHead.Framing.CHUNKED) {
            bodyCopy.add(body, body.position(), body.remaining()); // a chunked body's data was copied by its parser
        }
        return framed;
    }

    /**
     * The upstream closed after the head.
     *
     * @return whether that ends the body as its framing says; else the body was cut short
     */
    boolean upstreamClosed() {
        upstreamReusable = false;
        if (framing == ResponseHead.Framing.UNTIL_CLOSE) {
            ended = true;
            return true;
        }
        return false;
    }

    /** The upstream connection will carry nothing more, whatever the answer said. */
    void upstreamSpent() {
        upstreamReusable = false;
    }

    boolean headRead() {
        return headRead;
    }

    boolean ended() {
        return ended;
    }

    /** Whether the upstream connection ended this answer cleanly and can go back to the pool. */
    boolean upstreamReusable() {
        return upstreamReusable && ended;
    }

    /** The status relayed, or 0 before any. */
    int status() {
        return status;
    }

    /** The whole answer reached the caller: the copy, if one is made, goes to its comparison. */
    void answered(long nanos) {
        if (copyTo != null) {
            copyTo.answered(status, contentEncoding, bodyCopy.bytes(), nanos);
        }
    }

    /** The copy of this answer, if one is made, is given up (reported once: what ends the answer then sees none). */
    void incomplete() {
        if (copyTo != null) {
            copyTo.incomplete();
            copyTo = null;
        }
    }

    /** Ready for the next request. */
    void reset() {
        headRead = false;
        framing = null;
        remaining = 0;
        chunks = null;
        ended = false;
        upstreamReusable = false;
        status = 0;
        copyTo = null;
        bodyCopy = null;
        contentEncoding = null;
    }
}
