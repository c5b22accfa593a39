package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;

/**
 * The header fields of one HTTP/1.1 head, as byte ranges of the buffer the head was read into: nothing is copied or
 * decoded until a value is needed. Strict on purpose: a field line must be {@code token ":" OWS value OWS CRLF} with no
 * control characters, no obs-fold and no bare LF. Whatever fails that is not the fast lane's to judge; its caller hands
 * it to Undertow's parser, which refuses it in the usual way.
 *
 * <p>One instance per IO thread, reused for every head that thread reads.
 */
final class HeaderFields {
    static final int INCOMPLETE = -1;
    static final int MALFORMED = -2;

    private final int maxFields;
    private final int[] ranges; // nameStart, nameEnd, valueStart, valueEnd per field
    private int count;
    private ByteBuffer buf;
    private final int[] connectionFields = new int[4];
    private int connectionCount;

    HeaderFields(int maxFields) {
        this.maxFields = maxFields;
        this.ranges = new int[maxFields * 4];
    }

    /**
     * Scans the field lines of {@code buf} from {@code from} (just after the start line) up to {@code limit}.
     *
     * @return the offset just after the empty line that ends the head, {@link #INCOMPLETE} when that line is not in
     *         the buffer yet, or {@link #MALFORMED}
     */
    int scan(ByteBuffer buf, int from, int limit) {
        this.buf = buf;
        count = 0;
        connectionCount = 0;
        int i = from;
        while (true) {
            if (i + 1 >= limit) {
                return INCOMPLETE;
            }
            if (buf.get(i) == '\r') {
                return buf.get(i + 1) == '\n' ? i + 2 : MALFORMED;
            }
            if (count == maxFields) {
                return MALFORMED;
            }
            int nameStart = i;
            while (i < limit && Ascii.isTchar(buf.get(i))) {
                i++;
            }
            if (i == limit) {
                return INCOMPLETE;
            }
            if (i == nameStart || buf.get(i) != ':') {
                return MALFORMED; // also obs-fold (a line starting with white space) and white space before the colon
            }
            int nameEnd = i++;
            while (i < limit && (buf.get(i) == ' ' || buf.get(i) == '\t')) {
                i++;
            }
            int valueStart = i;
            while (i < limit && buf.get(i) != '\r') {
                if (!Ascii.isFieldValueByte(buf.get(i))) {
                    return MALFORMED;
                }
                i++;
            }
            if (i + 1 >= limit) {
                return INCOMPLETE;
            }
            if (buf.get(i + 1) != '\n') {
                return MALFORMED;
            }
            int valueEnd = i;
            while (valueEnd > valueStart && (buf.get(valueEnd - 1) == ' ' || buf.get(valueEnd - 1) == '\t')) {
                valueEnd--;
            }
            int at = count * 4;
            ranges[at] = nameStart;
            ranges[at + 1] = nameEnd;
            ranges[at + 2] = valueStart;
            ranges[at + 3] = valueEnd;
            if (nameIs(count, "connection")) {
                if (connectionCount == connectionFields.length) {
                    return MALFORMED;
                }
                connectionFields[connectionCount++] = count;
            }
            count++;
            i += 2;
        }
    }

    int count() {
        return count;
    }

    /** Whether field {@code index}'s name is {@code lowerCaseName}. */
    boolean nameIs(int index, String lowerCaseName) {
        return Ascii.equalsIgnoreCase(buf, ranges[index * 4], ranges[index * 4 + 1], lowerCaseName);
    }

    boolean nameStartsWith(int index, String lowerCasePrefix) {
        return Ascii.startsWithIgnoreCase(buf, ranges[index * 4], ranges[index * 4 + 1], lowerCasePrefix);
    }

    /** How many fields are named {@code lowerCaseName}. */
    int count(String lowerCaseName) {
        int found = 0;
        for (int f = 0; f < count; f++) {
            if (nameIs(f, lowerCaseName)) {
                found++;
            }
        }
        return found;
    }

    /** The value of the first field named {@code lowerCaseName}, as a string, or null when there is none. */
    String firstValue(String lowerCaseName) {
        for (int f = 0; f < count; f++) {
            if (nameIs(f, lowerCaseName)) {
                return Ascii.string(buf, valueStart(f), valueEnd(f));
            }
        }
        return null;
    }

    /** The first byte of field {@code index}'s name, lower-cased: a cheap first test before comparing names. */
    int nameInitial(int index) {
        return buf.get(ranges[index * 4]) | 0x20;
    }

    /**
     * Whether field {@code index} is hop-by-hop (RFC 9110 §7.6.1), for this connection only: {@code Connection}, every
     * field it names (but the ones that frame the message), {@code Keep-Alive}, {@code TE}, {@code Trailer},
     * {@code Upgrade} and {@code Proxy-*}.
     */
    boolean isHopByHop(int index) {
        switch (nameInitial(index)) {
            case 'c' -> {
                if (nameIs(index, "connection")) {
                    return true;
                }
            }
            case 'k' -> {
                if (nameIs(index, "keep-alive")) {
                    return true;
                }
            }
            case 't' -> {
                if (nameIs(index, "te") || nameIs(index, "trailer")) {
                    return true;
                }
            }
            case 'u' -> {
                if (nameIs(index, "upgrade")) {
                    return true;
                }
            }
            case 'p' -> {
                if (nameStartsWith(index, "proxy-")) {
                    return true;
                }
            }
            default -> {
            }
        }
        for (int c = 0; c < connectionCount; c++) {
            if (nameListedIn(index, connectionFields[c])
                    && !nameIs(index, "content-length") && !nameIs(index, "transfer-encoding") && !nameIs(index, "host")) {
                return true;
            }
        }
        return false;
    }

    /** Whether a {@code Connection} field lists {@code lowerCaseToken} ("close", "keep-alive"). */
    boolean connectionLists(String lowerCaseToken) {
        for (int c = 0; c < connectionCount; c++) {
            if (valueLists(connectionFields[c], lowerCaseToken)) {
                return true;
            }
        }
        return false;
    }

    /** Whether field {@code index}'s name is one of the names the comma-separated value of field {@code list} lists. */
    private boolean nameListedIn(int index, int list) {
        int nameStart = ranges[index * 4];
        int nameEnd = ranges[index * 4 + 1];
        return Ascii.anyElement(buf, ranges[list * 4 + 2], ranges[list * 4 + 3],
                (s, e) -> e - s == nameEnd - nameStart && regionEqualsIgnoreCase(s, nameStart, e - s));
    }

    private boolean regionEqualsIgnoreCase(int a, int b, int length) {
        for (int k = 0; k < length; k++) {
            if ((buf.get(a + k) | 0x20) != (buf.get(b + k) | 0x20)) {
                return false;
            }
        }
        return true;
    }

    boolean valueIs(int index, String lowerCaseValue) {
        return Ascii.equalsIgnoreCase(buf, ranges[index * 4 + 2], ranges[index * 4 + 3], lowerCaseValue);
    }

    boolean valueLists(int index, String lowerCaseToken) {
        return Ascii.listContains(buf, ranges[index * 4 + 2], ranges[index * 4 + 3], lowerCaseToken);
    }

    /** Whether the value's last comma-separated element is {@code lowerCaseToken} (the final transfer coding). */
    boolean valueEndsWithToken(int index, String lowerCaseToken) {
        int start = ranges[index * 4 + 2];
        int end = ranges[index * 4 + 3];
        int comma = end;
        while (comma > start && buf.get(comma - 1) != ',') {
            comma--;
        }
        int s = comma;
        while (s < end && (buf.get(s) == ' ' || buf.get(s) == '\t')) {
            s++;
        }
        return Ascii.equalsIgnoreCase(buf, s, end, lowerCaseToken);
    }

    long valueAsDecimal(int index) {
        return Ascii.decimal(buf, ranges[index * 4 + 2], ranges[index * 4 + 3]);
    }

    boolean valueIsEmpty(int index) {
        return ranges[index * 4 + 2] == ranges[index * 4 + 3];
    }

    /** Copies field {@code index} as a whole line, as it was received, to {@code out}. */
    void copyLine(int index, ByteBuffer out) {
        Ascii.copy(buf, ranges[index * 4], ranges[index * 4 + 3], out);
        out.put((byte) '\r').put((byte) '\n');
    }

    /** Copies the field's name, then {@code ": "}, then its value, then {@code suffix} and CRLF. */
    void copyLineWithSuffix(int index, String suffix, ByteBuffer out) {
        Ascii.copy(buf, ranges[index * 4], ranges[index * 4 + 1], out);
        out.put((byte) ':').put((byte) ' ');
        Ascii.copy(buf, ranges[index * 4 + 2], ranges[index * 4 + 3], out);
        Ascii.put(out, suffix);
        out.put((byte) '\r').put((byte) '\n');
    }

    int valueStart(int index) {
        return ranges[index * 4 + 2];
    }

    int valueEnd(int index) {
        return ranges[index * 4 + 3];
    }

    void copyValue(int index, ByteBuffer out) {
        Ascii.copy(buf, ranges[index * 4 + 2], ranges[index * 4 + 3], out);
    }
}
