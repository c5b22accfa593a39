package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.http.RequestIdHandler;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The request id of a fast-lane request, as bytes: the caller's when {@link RequestIdHandler} would keep it, else a new
 * one, written into both heads without a String; the String is made only when a log line needs it. One per connection,
 * reused for each of its requests.
 */
final class RequestIdBytes {
    private static final int MAX_LENGTH = 128;

    private final byte[] bytes = new byte[MAX_LENGTH];
    private int length;
    private String text;

    /** Keeps the caller's id, bytes [start, end) of {@code buf}, when it is plausible; else makes a new one. */
    void keepOrMake(ByteBuffer buf, int start, int end) {
        text = null;
        if (start >= 0 && end > start && end - start <= MAX_LENGTH && plausible(buf, start, end)) {
            length = end - start;
            buf.get(start, bytes, 0, length);
        } else {
            RequestIdHandler.writeNewId(bytes);
            length = RequestIdHandler.NEW_ID_LENGTH;
        }
    }

    private static boolean plausible(ByteBuffer buf, int start, int end) {
        for (int i = start; i < end; i++) {
            if (!RequestIdHandler.isIdCharacter(buf.get(i))) {
                return false;
            }
        }
        return true;
    }

    void put(ByteBuffer out) {
        out.put(bytes, 0, length);
    }

    /** The id as text, for logs. */
    String text() {
        if (text == null) {
            text = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        }
        return text;
    }
}
