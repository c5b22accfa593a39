package io.migrationgateway.gateway.lane;

import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;

/**
 * Reads a request head for the fast lane and writes the head the legacy side gets. The fast lane takes only the
 * plainest requests, the bulk of legacy traffic: HTTP/1.1, origin-form target, a method without a body (no
 * {@code Transfer-Encoding}, no {@code Content-Length} but 0, no {@code Expect}, no {@code Upgrade}), exactly one
 * well-formed {@code Host}, and every field line strict. Anything else is {@link Verdict#HAND_OFF}: Undertow's parser and
 * the whole request chain take the connection, refuse what is malformed (400), stream bodies, and so on.
 *
 * <p>The head sent on is the one received, minus hop-by-hop fields, with {@code X-Request-Id} (the caller's when
 * plausible, else a new one), {@code X-Forwarded-For} appended to, and {@code X-Forwarded-Proto}, {@code -Host},
 * {@code -Port} and {@code -Server} as the chain sends them: the gateway's own (its scheme, the Host field, its port or
 * 80, its host name) in place of any the caller sent, unless the caller is a trusted proxy, whose pass as sent. One
 * instance per IO thread; {@link #parse} resets it.
 */
final class RequestHead implements LaneRequest {
    enum Verdict { INCOMPLETE, FORWARD, HAND_OFF }

    /** The longest Host value the lane takes: a DNS name's 253 characters and a port, with room to spare. */
    private static final int MAX_HOST = 300;
    /** What follows the request target on a line the lane takes. */
    private static final String VERSION = " HTTP/1.1\r\n";
    private static final HttpString[] KNOWN_METHODS = {Methods.GET, Methods.HEAD, Methods.DELETE, Methods.OPTIONS,
            Methods.POST, Methods.PUT, Methods.PATCH};

    private final int maxHeadSize;
    private final HeaderFields fields;
    private ByteBuffer buf;
    private int length;
    private int methodEnd;
    private int targetStart;
    private int targetEnd;
    private int pathEnd;
    private HttpString method;
    private String rawPath;
    private int host;
    private int requestId;
    private int forwardedFor;
    private int forwardedProto;
    private int forwardedHost;
    private int forwardedPort;
    private int forwardedServer;

    /** @param maxHeadSize larger heads are Undertow's to refuse */
    RequestHead(int maxHeadSize, int maxFields) {
        this.maxHeadSize = maxHeadSize;
        this.fields = new HeaderFields(maxFields);
    }

    /** Reads the head at the start of {@code buf}, whose bytes [0, limit) have been received. */
    Verdict parse(ByteBuffer buf, int limit) {
        this.buf = buf;
        rawPath = null;
        int scanLimit = Math.min(limit, maxHeadSize);
        int i = 0;
        while (i < scanLimit && Ascii.isTchar(buf.get(i))) {
            i++;
        }
        if (i == scanLimit) {
            return limit >= maxHeadSize ? Verdict.HAND_OFF : Verdict.INCOMPLETE;
        }
        if (i == 0 || buf.get(i) != ' ') {
            return Verdict.HAND_OFF;
        }
        methodEnd = i;
        targetStart = ++i;
        pathEnd = -1;
        while (i < scanLimit && buf.get(i) > 0x20 && buf.get(i) < 0x7f) {
            byte b = buf.get(i);
            if (pathEnd < 0 && (b == '?' || b == '#')) {
                pathEnd = i;
            }
            i++;
        }
        if (i > targetStart && buf.get(targetStart) != '/') {
            return Verdict.HAND_OFF;
        }
        // a byte that cannot be the version's goes to Undertow at once, which answers it (an HTTP/0.9 line with 400)
        int versionEnd = i + VERSION.length();
        for (int v = i; v < Math.min(versionEnd, scanLimit); v++) {
            if (buf.get(v) != VERSION.charAt(v - i)) {
                return Verdict.HAND_OFF;
            }
        }
        if (versionEnd > scanLimit) {
            return limit >= maxHeadSize ? Verdict.HAND_OFF : Verdict.INCOMPLETE;
        }
        targetEnd = i;
        if (pathEnd < 0) {
            pathEnd = targetEnd;
        }
        int end = fields.scan(buf, versionEnd, scanLimit);
        if (end == HeaderFields.INCOMPLETE) {
            return limit >= maxHeadSize ? Verdict.HAND_OFF : Verdict.INCOMPLETE;
        }
        if (end == HeaderFields.MALFORMED || !plainEnough()) {
            return Verdict.HAND_OFF;
        }
        length = end;
        return Verdict.FORWARD;
    }

    /** No body, no upgrade, one plausible Host, a method the gateway passes on; remembers the fields rewritten later. */
    private boolean plainEnough() {
        method = knownMethod();
        if (method == null) {
            return false; // CONNECT and TRACE are refused by the chain; other methods are rare enough to leave to it
        }
        host = -1;
        requestId = -1;
        forwardedFor = -1;
        forwardedProto = -1;
        forwardedHost = -1;
        forwardedPort = -1;
        forwardedServer = -1;
        boolean contentLength = false;
        for (int f = 0; f < fields.count(); f++) {
            switch (fields.nameInitial(f)) {
                case 'h' -> {
                    if (fields.nameIs(f, "host")) {
                        if (host >= 0 || !plausibleHost(f)) {
                            return false;
                        }
                        host = f;
                    }
                }
                case 't' -> {
                    if (fields.nameIs(f, "transfer-encoding")) {
                        return false;
                    }
                }
                case 'c' -> {
                    if (fields.nameIs(f, "content-length")) {
                        if (contentLength || !fields.valueIs(f, "0")) {
                            return false; // a body, or several lengths, which the chain refuses
                        }
                        contentLength = true;
                    }
                }
                case 'e' -> {
                    if (fields.nameIs(f, "expect")) {
                        return false;
                    }
                }
                case 'u' -> {
                    if (fields.nameIs(f, "upgrade")) {
                        return false;
                    }
                }
                case 'x' -> rememberExtension(f);
                default -> {
                }
            }
        }
        return host >= 0;
    }

    private void rememberExtension(int f) {
        if (requestId < 0 && fields.nameIs(f, "x-request-id")) {
            requestId = f;
        } else if (forwardedFor < 0 && fields.nameIs(f, "x-forwarded-for")) {
            forwardedFor = f;
        } else if (forwardedProto < 0 && fields.nameIs(f, "x-forwarded-proto")) {
            forwardedProto = f;
        } else if (forwardedHost < 0 && fields.nameIs(f, "x-forwarded-host")) {
            forwardedHost = f;
        } else if (forwardedPort < 0 && fields.nameIs(f, "x-forwarded-port")) {
            forwardedPort = f;
        } else if (forwardedServer < 0 && fields.nameIs(f, "x-forwarded-server")) {
            forwardedServer = f;
        }
    }

    /** The port the caller asked for, as Undertow's {@code HttpServerExchange.getHostPort()} tells it: Host's, else 80. */
    private void putHostPort(ByteBuffer out) {
        int start = fields.valueStart(host);
        int end = fields.valueEnd(host);
        int from = start;
        if (buf.get(start) == '[') {
            while (from < end && buf.get(from) != ']') {
                from++;
            }
        }
        while (from < end && buf.get(from) != ':') {
            from++;
        }
        if (from < end && end - from - 1 <= 5 && Ascii.decimal(buf, from + 1, end) >= 0) {
            Ascii.copy(buf, from + 1, end, out);
        } else {
            Ascii.put(out, "80");
        }
    }

    /** A host name or address with an optional port: what Undertow's own Host check lets through, and no more. */
    private boolean plausibleHost(int f) {
        if (fields.valueIsEmpty(f) || fields.valueEnd(f) - fields.valueStart(f) > MAX_HOST) {
            return false;
        }
        for (int i = fields.valueStart(f); i < fields.valueEnd(f); i++) {
            int c = buf.get(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '-' || c == ':' || c == '[' || c == ']' || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Methods are case-sensitive (RFC 9110 §9.1). */
    private HttpString knownMethod() {
        for (HttpString known : KNOWN_METHODS) {
            if (known.length() == methodEnd && sameBytes(known)) {
                return known;
            }
        }
        return null;
    }

    private boolean sameBytes(HttpString known) {
        for (int i = 0; i < methodEnd; i++) {
            if (buf.get(i) != known.byteAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Bytes of the head, its final empty line included. */
    int length() {
        return length;
    }

    @Override
    public HttpString method() {
        return method;
    }

    @Override
    public String rawPath() {
        if (rawPath == null) {
            rawPath = Ascii.string(buf, targetStart, pathEnd);
        }
        return rawPath;
    }

    @Override
    public String rawQuery() {
        return pathEnd < targetEnd && buf.get(pathEnd) == '?' ? Ascii.string(buf, pathEnd + 1, targetEnd) : null;
    }

    @Override
    public String field(String lowerCaseName) {
        return fields.firstValue(lowerCaseName);
    }

    @Override
    public int fieldCount(String lowerCaseName) {
        return fields.count(lowerCaseName);
    }

    /** Whether the caller asked for the connection to be closed after this answer. */
    boolean wantsClose() {
        return fields.connectionLists("close");
    }

    /** Keeps the caller's {@code X-Request-Id} in {@code id} when plausible, else a new one. */
    void takeRequestId(RequestIdBytes id) {
        if (requestId < 0) {
            id.keepOrMake(buf, -1, -1);
        } else {
            id.keepOrMake(buf, fields.valueStart(requestId), fields.valueEnd(requestId));
        }
    }

    /**
     * Writes the head the legacy side gets to {@code out}: the request line and the end-to-end fields as received, then
     * the gateway's fields. It is at most the received head plus 1 KiB (the Host value, at most {@value #MAX_HOST}
     * bytes, is repeated twice); the lane's {@code maxHeadSize} keeps that within one buffer.
     *
     * @param trustedPeer whether the caller is a trusted proxy, whose {@code X-Forwarded-*} fields pass as sent
     */
    void writeUpstream(ByteBuffer out, RequestIdBytes requestIdToSend, String clientAddress, boolean trustedPeer) {
        Ascii.copy(buf, 0, targetEnd, out);
        Ascii.put(out, " HTTP/1.1\r\n");
        for (int f = 0; f < fields.count(); f++) {
            if (f == requestId || f == forwardedFor || fields.isHopByHop(f)) {
                continue;
            }
            if (fields.nameInitial(f) == 'x' && (fields.nameIs(f, "x-request-id") || fields.nameIs(f, "x-forwarded-for")
                    || (!trustedPeer && isForwardedClaim(f)))) {
                continue; // the gateway's single value replaces them all
            }
            fields.copyLine(f, out);
        }
        Ascii.put(out, "X-Request-Id: ");
        requestIdToSend.put(out);
        out.put((byte) '\r').put((byte) '\n');
        if (forwardedFor >= 0 && !fields.valueIsEmpty(forwardedFor)) {
            fields.copyLineWithSuffix(forwardedFor, "," + clientAddress, out);
        } else {
            Ascii.putHeader(out, "X-Forwarded-For", clientAddress);
        }
        if (!trustedPeer || forwardedProto < 0) {
            Ascii.putHeader(out, "X-Forwarded-Proto", "http");
        }
        if (!trustedPeer || forwardedHost < 0) {
            Ascii.put(out, "X-Forwarded-Host: ");
            fields.copyValue(host, out);
            out.put((byte) '\r').put((byte) '\n');
        }
        if (!trustedPeer || forwardedPort < 0) {
            Ascii.put(out, "X-Forwarded-Port: ");
            putHostPort(out);
            out.put((byte) '\r').put((byte) '\n');
        }
        if (!trustedPeer || forwardedServer < 0) {
            Ascii.put(out, "X-Forwarded-Server: ");
            putHostName(out);
            out.put((byte) '\r').put((byte) '\n');
        }
        out.put((byte) '\r').put((byte) '\n');
    }

    /** Whether field {@code f} (named x-...) says which host, scheme, port or proxy the request came through. */
    private boolean isForwardedClaim(int f) {
        return fields.nameStartsWith(f, "x-forwarded-") && (fields.nameIs(f, "x-forwarded-host")
                || fields.nameIs(f, "x-forwarded-proto") || fields.nameIs(f, "x-forwarded-port") || fields.nameIs(f, "x-forwarded-server"));
    }

    /** The host the caller asked for, as Undertow's {@code HttpServerExchange.getHostName()} tells it: Host without its port. */
    private void putHostName(ByteBuffer out) {
        int start = fields.valueStart(host);
        int end = fields.valueEnd(host);
        if (buf.get(start) == '[') {
            int close = start;
            while (close < end && buf.get(close) != ']') {
                close++;
            }
            Ascii.copy(buf, start + 1, close, out);
            return;
        }
        int colon = start;
        while (colon < end && buf.get(colon) != ':') {
            colon++;
        }
        Ascii.copy(buf, start, colon, out);
    }
}
