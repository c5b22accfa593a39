package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Byte-level helpers for the HTTP/1.1 heads the fast lane reads and writes (ISO-8859-1, as RFC 9110 frames them). */
final class Ascii {
    private static final boolean[] TCHAR = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 32] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    private Ascii() {
    }

    /** A token character of RFC 9110 §5.6.2 (header names, methods). */
    static boolean isTchar(int b) {
        return b >= 0 && b < 128 && TCHAR[b];
    }

    /** A byte a header value may hold: visible characters, space, tab and obs-text; no other control characters. */
    static boolean isFieldValueByte(int b) {
        return b == '\t' || (b >= 0x20 && b != 0x7f);
    }

    /** Whether bytes [start, end) of {@code buf} equal {@code lowerCase} ignoring ASCII case. */
    static boolean equalsIgnoreCase(ByteBuffer buf, int start, int end, String lowerCase) {
        if (end - start != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            if ((buf.get(start + i) | 0x20) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes from {@code start} are exactly {@code ascii}, case included. */
    static boolean regionEquals(ByteBuffer buf, int start, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            if (buf.get(start + i) != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether bytes [start, end) start with {@code lowerCasePrefix}, ignoring ASCII case. */
    static boolean startsWithIgnoreCase(ByteBuffer buf, int start, int end, String lowerCasePrefix) {
        return end - start >= lowerCasePrefix.length() && equalsIgnoreCase(buf, start, start + lowerCasePrefix.length(), lowerCasePrefix);
    }

    static String string(ByteBuffer buf, int start, int end) {
        byte[] bytes = new byte[end - start];
        buf.get(start, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Copies bytes [start, end) of {@code from} to {@code to}'s position. */
    static void copy(ByteBuffer from, int start, int end, ByteBuffer to) {
        to.put(to.position(), from, start, end - start);
        to.position(to.position() + end - start);
    }

    static void put(ByteBuffer to, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            to.put((byte) ascii.charAt(i));
        }
    }

    static void putHeader(ByteBuffer to, String name, String value) {
        put(to, name);
        to.put((byte) ':').put((byte) ' ');
        put(to, value);
        to.put((byte) '\r').put((byte) '\n');
    }

    /** The value of a decimal number in bytes [start, end), or -1 when it is not one (or too long to be a length). */
    static long decimal(ByteBuffer buf, int start, int end) {
        if (start == end || end - start > 18) {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = buf.get(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** A test of one element of a comma-separated list, as the byte range [start, end) of the buffer. */
    @FunctionalInterface
    interface ElementTest {
        boolean test(int start, int end);
    }

    /** Whether the comma-separated list in bytes [start, end) holds {@code lowerCaseToken}. */
    static boolean listContains(ByteBuffer buf, int start, int end, String lowerCaseToken) {
        return anyElement(buf, start, end, (s, e) -> equalsIgnoreCase(buf, s, e, lowerCaseToken));
    }

    /** Whether an element of the comma-separated list in bytes [start, end), white space trimmed, passes {@code test}. */
    static boolean anyElement(ByteBuffer buf, int start, int end, ElementTest test) {
        int from = start;
        while (from < end) {
            int comma = from;
            while (comma < end && buf.get(comma) != ',') {
                comma++;
            }
            int s = from;
            int e = comma;
            while (s < e && (buf.get(s) == ' ' || buf.get(s) == '\t')) {
                s++;
            }
            while (e > s && (buf.get(e - 1) == ' ' || buf.get(e - 1) == '\t')) {
                e--;
            }
            if (test.test(s, e)) {
                return true;
            }
            from = comma + 1;
        }
        return false;
    }
}
