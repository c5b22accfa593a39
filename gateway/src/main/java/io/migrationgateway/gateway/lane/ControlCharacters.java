package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A request head holding a control character (a byte below 0x20 other than tab, CR and LF, or DEL): no HTTP field or
 * request line may hold one. Undertow refuses such a head with a 400 of no body at all; the lane refuses it first, with
 * a body that says why, in the convention of the API the request line names (a Kubernetes {@code Status} for the
 * Resource API's paths, Grafana's {@code {"message"}} otherwise).
 */
final class ControlCharacters {
    private static final String MESSAGE = "Bad Request: the request head holds a control character";
    private static final byte[] LEGACY = answer("{\"message\":\"" + MESSAGE + "\"}");
    private static final byte[] STATUS = answer("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            + "\"message\":\"" + MESSAGE + "\",\"reason\":\"BadRequest\",\"code\":400}");

    private ControlCharacters() {
    }

    /**
     * The answer refusing the head in {@code received} (written from index 0 to its position), or {@code null} when the
     * head holds no control character; only the head is read (a body may hold any byte).
     */
    static byte[] refusal(ByteBuffer received) {
        int end = received.position();
        for (int i = 0; i < end; i++) {
            byte b = received.get(i);
            if (b == '\n' && i >= 3 && received.get(i - 1) == '\r' && received.get(i - 2) == '\n' && received.get(i - 3) == '\r') {
                return null; // the head ended without one
            }
            if (control(b)) {
                return answer(received);
            }
        }
        return null;
    }

    /** Whether no field or request line may hold {@code b}. */
    static boolean control(byte b) {
        return (b >= 0 && b < 0x20 && b != '\t' && b != '\r' && b != '\n') || b == 0x7f;
    }

    /** The refusal for the head that begins {@code start} (written from index 0 to its position). */
    static byte[] answer(ByteBuffer start) {
        return resourceApi(start) ? STATUS : LEGACY;
    }

    /** Whether the request line names one of the Resource API's paths. */
    private static boolean resourceApi(ByteBuffer received) {
        int space = 0;
        while (space < received.position() && received.get(space) != ' ') {
            space++;
        }
        return startsWith(received, space + 1, "/apis") || startsWith(received, space + 1, "/api ")
                || startsWith(received, space + 1, "/openapi") || startsWith(received, space + 1, "/version");
    }

    private static boolean startsWith(ByteBuffer buffer, int at, String prefix) {
        if (at + prefix.length() > buffer.position()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (buffer.get(at + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] answer(String body) {
        return ("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII);
    }
}
