package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;

/**
 * Reads the legacy side's response head for the fast lane: its status, how its body is framed, whether the upstream
 * connection can carry another request, and writes the head the caller gets (hop-by-hop fields removed, the gateway's
 * {@code X-Request-Id} in place of any the upstream sent). The body is relayed byte for byte, chunked or not, so its
 * framing fields stay as they are. One instance per IO thread; {@link #parse} resets it.
 */
final class ResponseHead {
    enum Verdict { INCOMPLETE, COMPLETE, MALFORMED }

    /** How the end of the body is found. */
    enum Framing { NONE, LENGTH, CHUNKED, UNTIL_CLOSE }

    private final HeaderFields fields;
    private ByteBuffer buf;
    private int length;
    private int status;
    private int reasonStart;
    private Framing framing;
    private long contentLength;
    private boolean reusable;

    ResponseHead(int maxFields) {
        this.fields = new HeaderFields(maxFields);
    }

    /**
     * Reads the head at the start of {@code buf}, whose bytes [0, limit) have been received.
     *
     * @param bodyless true for an answer to HEAD, which has no body whatever its fields say
     */
    Verdict parse(ByteBuffer buf, int limit, boolean bodyless) {
        this.buf = buf;
        if (limit < 13) {
            return Verdict.INCOMPLETE;
        }
        boolean http11 = Ascii.regionEquals(buf, 0, "HTTP/1.1 ");
        if (!http11 && !Ascii.regionEquals(buf, 0, "HTTP/1.0 ")) {
            return Verdict.MALFORMED;
        }
        status = (int) Ascii.decimal(buf, 9, 12);
        if (status < 200 || status > 999 || (buf.get(12) != ' ' && buf.get(12) != '\r')) {
            return Verdict.MALFORMED; // 1xx interim answers are never asked for: the fast lane sends no Expect, no Upgrade
        }
        reasonStart = 12;
        int i = 12;
        while (i < limit && buf.get(i) != '\r') {
            if (!Ascii.isFieldValueByte(buf.get(i))) {
                return Verdict.MALFORMED;
            }
            i++;
        }
        if (i + 1 >= limit) {
            return Verdict.INCOMPLETE;
        }
        if (buf.get(i + 1) != '\n') {
            return Verdict.MALFORMED;
        }
        int end = fields.scan(buf, i + 2, limit);
        if (end == HeaderFields.INCOMPLETE) {
            return Verdict.INCOMPLETE;
        }
        if (end == HeaderFields.MALFORMED || !readFraming(bodyless)) {
            return Verdict.MALFORMED;
        }
        length = end;
        reusable = http11 && framing != Framing.UNTIL_CLOSE && !fields.connectionLists("close");
        return Verdict.COMPLETE;
    }

    /** RFC 9112 §6.3; a message with both a length and a transfer coding, or two different lengths, is refused. */
    private boolean readFraming(boolean bodyless) {
        contentLength = -1;
        boolean chunked = false;
        boolean otherCoding = false;
        for (int f = 0; f < fields.count(); f++) {
            int initial = fields.nameInitial(f);
            if (initial == 'c' && fields.nameIs(f, "content-length")) {
                long value = fields.valueAsDecimal(f);
                if (value < 0 || (contentLength >= 0 && value != contentLength)) {
                    return false;
                }
                contentLength = value;
            } else if (initial == 't' && fields.nameIs(f, "transfer-encoding")) {
                if (fields.valueEndsWithToken(f, "chunked")) {
                    chunked = true;
                } else {
                    otherCoding = true;
                }
            }
        }
        if ((chunked || otherCoding) && contentLength >= 0) {
            return false;
        }
        if (bodyless || status == 204 || status == 304) {
            framing = Framing.NONE;
        } else if (otherCoding) {
            framing = Framing.UNTIL_CLOSE;
        } else if (chunked) {
            framing = Framing.CHUNKED;
        } else if (contentLength >= 0) {
            framing = contentLength == 0 ? Framing.NONE : Framing.LENGTH;
        } else {
            framing = Framing.UNTIL_CLOSE;
        }
        return true;
    }

    int length() {
        return length;
    }

    int status() {
        return status;
    }

    Framing framing() {
        return framing;
    }

    /** The body's length when {@link #framing()} is {@link Framing#LENGTH}. */
    long contentLength() {
        return contentLength;
    }

    /** The answer's {@code Content-Encoding}, or null. */
    String contentEncoding() {
        return fields.firstValue("content-encoding");
    }

    /** Whether the upstream connection may carry another request after this answer. */
    boolean reusable() {
        return reusable;
    }

    /**
     * Writes the head the caller gets to {@code out}: an HTTP/1.1 status line with the upstream's status and reason, the
     * end-to-end fields as received, the gateway's request id, and {@code Connection: close} when the caller's
     * connection ends after this answer, else {@code Connection: keep-alive} (Undertow's {@code ALWAYS_SET_KEEP_ALIVE},
     * on by default, which the chain's answers carry). At most the received head plus 200 bytes.
     */
    void writeForClient(ByteBuffer out, RequestIdBytes requestId, boolean closing) {
        Ascii.put(out, "HTTP/1.1 ");
        Ascii.copy(buf, 9, reasonStart, out);
        int lineEnd = reasonStart;
        while (buf.get(lineEnd) != '\r') {
            lineEnd++;
        }
        Ascii.copy(buf, reasonStart, lineEnd, out);
        out.put((byte) '\r').put((byte) '\n');
        for (int f = 0; f < fields.count(); f++) {
            if (fields.isHopByHop(f) || (fields.nameInitial(f) == 'x' && fields.nameIs(f, "x-request-id"))) {
                continue;
            }
            fields.copyLine(f, out);
        }
        Ascii.put(out, "X-Request-Id: ");
        requestId.put(out);
        out.put((byte) '\r').put((byte) '\n');
        if (closing) {
            Ascii.put(out, "Connection: close\r\n");
        } else {
            Ascii.put(out, "Connection: keep-alive\r\n");
        }
        out.put((byte) '\r').put((byte) '\n');
    }
}
