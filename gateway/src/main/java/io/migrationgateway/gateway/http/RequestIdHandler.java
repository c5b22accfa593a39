package io.migrationgateway.gateway.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Gives every request an id that follows it to the upstream, into the response and into the logs.
 * A caller's own {@code X-Request-Id} is kept when it is a plausible id (1–128 characters of
 * {@code [A-Za-z0-9._:-]}); anything else is replaced, so log lines cannot be forged through it. Only the first of
 * several is kept.
 */
public final class RequestIdHandler implements HttpHandler {
    public static final HttpString HEADER = new HttpString("X-Request-Id");
    public static final AttachmentKey<String> ATTACHMENT = AttachmentKey.create(String.class);
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** Characters of a generated id. */
    public static final int NEW_ID_LENGTH = 32;

    private final HttpHandler next;

    public RequestIdHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String id = exchange.getRequestHeaders().getFirst(HEADER);
        if (!isAcceptable(id)) {
            id = newId();
            exchange.getRequestHeaders().put(HEADER, id);
        } else if (exchange.getRequestHeaders().count(HEADER) > 1) {
            exchange.getRequestHeaders().put(HEADER, id); // one id goes upstream, the one logged
        }
        exchange.putAttachment(ATTACHMENT, id);
        exchange.getResponseHeaders().put(HEADER, id);
        next.handleRequest(exchange);
    }

    public static boolean isAcceptable(String id) {
        if (id == null || id.isEmpty() || id.length() > 128) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            if (!isIdCharacter(id.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A character a caller's request id may hold. */
    public static boolean isIdCharacter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == ':' || c == '-';
    }

    /** 128 random bits as 32 hex digits; ThreadLocalRandom because ids need uniqueness, not secrecy. */
    public static String newId() {
        byte[] out = new byte[NEW_ID_LENGTH];
        writeNewId(out);
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Writes a new id's {@link #NEW_ID_LENGTH} ASCII hex digits at the start of {@code out}. */
    public static void writeNewId(byte[] out) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = random.nextLong();
        long low = random.nextLong();
        for (int i = 0; i < 16; i++) {
            out[15 - i] = (byte) HEX[(int) (high >>> (i * 4)) & 0xf];
            out[31 - i] = (byte) HEX[(int) (low >>> (i * 4)) & 0xf];
        }
    }
}
