package io.migrationgateway.translators.dashboard;

import io.migrationgateway.translators.json.JsonText;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * A dashboard's spec cut out of the legacy model's own text, when that text is already, byte for byte, what the tree
 * conversion writes: compact, keys in Go's order at every level (each once), strings escaped as Jackson escapes them,
 * numbers as the tree prints them. A model the simulator wrote is; one Grafana wrote is unless its strings hold
 * {@code <}, {@code >} or {@code &} (Go escapes them) or characters outside the BMP. Checking it is one pass over the
 * bytes, several times cheaper than streaming it through a parser and a generator ({@link StreamedSpec}), which the
 * caller falls back to for anything this refuses. It refuses whatever it is not sure of, not only what differs.
 *
 * <p>Jackson's generator escapes the quote, the backslash and control characters only (b, t, n, f, r after a
 * backslash, the others as a six-character escape in upper-case hex), and a character outside the BMP as two such escapes; its parser limits
 * nesting, numbers, names and strings ({@code StreamReadConstraints}), which the limits here stay well inside.
 */
final class CanonicalSpec {
    private static final int MAX_DEPTH = 200;
    private static final int MAX_NUMBER = 100;
    private static final int MAX_NAME = 1_000;
    private static final int MAX_STRING = 1_000_000;
    private static final byte[][] LEGACY_KEYS = {bytes("id"), bytes("uid"), bytes("version")};

    private final byte[] text;
    // the spec: the top-level members but the legacy ones, never longer than the model
    private final byte[] spec;
    private int specLength;
    private int at;

    private CanonicalSpec(byte[] text) {
        this.text = text;
        this.spec = new byte[text.length];
    }

    /** The spec of {@code model} (UTF-8), or empty when the model's text is not (surely) canonical. */
    static Optional<JsonText> of(byte[] model) {
        CanonicalSpec scan = new CanonicalSpec(model);
        if (scan.peek() != '{' || !scan.object(1)) {
            return Optional.empty();
        }
        scan.spec[0] = '{';
        scan.spec[Math.max(1, scan.specLength)] = '}';
        return Optional.of(JsonText.of(scan.spec, Math.max(1, scan.specLength) + 1));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A top-level member, kept unless it is a legacy key: written after a comma ({@code spec[0]}, the first one's, is
     * the opening brace).
     */
    private void member(int start, int keyStart, int keyEnd) {
        if (legacy(keyStart, keyEnd)) {
            return;
        }
        spec[specLength] = ',';
        System.arraycopy(text, start, spec, specLength + 1, at - start);
        specLength += 1 + at - start;
    }

    private boolean legacy(int keyStart, int keyEnd) {
        for (byte[] key : LEGACY_KEYS) {
            if (Arrays.equals(text, keyStart, keyEnd, key, 0, key.length)) {
                return true;
            }
        }
        return false;
    }

    /** Strictly after the previous key in UTF-8 byte order, which is Go's order. */
    private boolean inOrder(int previousStart, int previousEnd, int start, int end) {
        return previousStart < 0 || Arrays.compareUnsigned(text, previousStart, previousEnd, text, start, end) < 0;
    }

    private byte peek() {
        return at < text.length ? text[at] : 0;
    }

    private boolean value(int depth) {
        return switch (peek()) {
            case '{' -> depth < MAX_DEPTH && object(depth + 1);
            case '[' -> depth < MAX_DEPTH && array(depth + 1);
            case '"' -> string(MAX_STRING);
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        };
    }

    private boolean object(int depth) {
        at++;
        if (peek() == '}') {
            at++;
            return true;
        }
        int previousKey = -1;
        int previousKeyEnd = -1;
        while (true) {
            int member = at;
            int keyStart = at + 1;
            if (!string(MAX_NAME) || !inOrder(previousKey, previousKeyEnd, keyStart, at - 1)) {
                return false;
            }
            previousKey = keyStart;
            previousKeyEnd = at - 1;
            if (peek() != ':') {
                return false;
            }
            at++;
            if (!value(depth)) {
                return false;
            }
            if (depth == 1) {
                member(member, keyStart, previousKeyEnd);
            }
            byte next = peek();
            at++;
            if (next == '}') {
                return true;
            }
            if (next != ',') {
                return false;
            }
        }
    }

    private boolean array(int depth) {
        at++;
        if (peek() == ']') {
            at++;
            return true;
        }
        while (true) {
            if (!value(depth)) {
                return false;
            }
            byte next = peek();
            at++;
            if (next == ']') {
                return true;
            }
            if (next != ',') {
                return false;
            }
        }
    }

    /** A string as Jackson writes it, its key-free escapes only; {@code at} ends after the closing quote. */
    private boolean string(int maxBytes) {
        if (peek() != '"') {
            return false;
        }
        int start = ++at;
        // the common bytes in locals: this loop is most of the scan
        byte[] bytes = text;
        int i = start;
        while (i < bytes.length) {
            int b = bytes[i] & 0xFF;
            if (b == '"') {
                at = i + 1;
                return at - start <= maxBytes;
            }
            if (b < 0x20 || b >= 0xF0) {
                return false; // a raw control character (not JSON), or a 4-byte character (Jackson escapes it)
            }
            if (b == '\\') {
                at = i;
                if (!escape()) {
                    return false;
                }
                i = at;
            } else {
                i++;
            }
        }
        return false;
    }

    private boolean escape() {
        if (at + 1 >= text.length) {
            return false;
        }
        byte kind = text[at + 1];
        switch (kind) {
            case '"', '\\', 'b', 't', 'n', 'f', 'r' -> {
                at += 2;
                return true;
            }
            case 'u' -> {
                // only a control character without a short escape (below 0x20), in upper-case hex
                if (at + 5 >= text.length || text[at + 2] != '0' || text[at + 3] != '0'
                    || (text[at + 4] != '0' && text[at + 4] != '1')) {
                    return false;
                }
                byte last = text[at + 5];
                int low = last >= '0' && last <= '9' ? last - '0' : last >= 'A' && last <= 'F' ? last - 'A' + 10 : -1;
                int code = (text[at + 4] - '0') * 16 + low;
                if (low < 0 || code == 0x08 || code == 0x09 || code == 0x0A || code == 0x0C || code == 0x0D) {
                    return false;
                }
                at += 6;
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private boolean literal(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (at + i >= text.length || text[at + i] != word.charAt(i)) {
                return false;
            }
        }
        at += word.length();
        return true;
    }

    /** A number as the tree prints it: an integer but -0, or a float (a fraction, an exponent) BigDecimal prints as written. */
    private boolean number() {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        int digits = at;
        if (peek() == '0') {
            at++;
        } else if (!digits()) {
            return false;
        }
        boolean isFloat = peek() == '.';
        if (isFloat) {
            at++;
            if (!digits()) {
                return false;
            }
        }
        byte next = peek();
        if (next == 'e' || next == 'E') {
            isFloat = true;
            at++;
            if (peek() == '+' || peek() == '-') {
                at++;
            }
            if (!digits()) {
                return false;
            }
        }
        if (at - start > MAX_NUMBER) {
            return false;
        }
        if (!isFloat) {
            return !(text[start] == '-' && at - digits == 1 && text[digits] == '0');
        }
        String written = new String(text, start, at - start, StandardCharsets.US_ASCII);
        try {
            return new BigDecimal(written).toString().equals(written);
        } catch (NumberFormatException exponentOutOfRange) {
            return false;
        }
    }

    private boolean digits() {
        int start = at;
        while (at < text.length && text[at] >= '0' && text[at] <= '9') {
            at++;
        }
        return at > start;
    }
}
