package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.Arrays;

/**
 * {@link ResourceOutput#present} on a stored object's JSON text, without parsing it into a tree: the answer is the
 * requested {@code apiVersion} and {@code kind}, then every other top-level member of the stored text, copied byte
 * for byte. For a stored text as the store writes it (compact, serialised from a tree by Jackson), the bytes are
 * those of presenting the tree and serialising it, except that characters beyond the Basic Multilingual Plane
 * stay as the stored UTF-8 (Jackson's byte writer escapes them).
 *
 * <p>The text is trusted (the store wrote it), so it is scanned rather than validated: only strings (for their
 * escapes) and the nesting of objects and arrays matter to where a member ends. A text that is not an object, or
 * ends early, is refused.
 */
final class StoredJson {
    private static final JsonStringEncoder ENCODER = JsonStringEncoder.getInstance();
    private static final byte[] API_VERSION = {'a', 'p', 'i', 'V', 'e', 'r', 's', 'i', 'o', 'n'};
    private static final byte[] KIND = {'k', 'i', 'n', 'd'};

    private final byte[] json;
    private int at;

    private StoredJson(byte[] json) {
        this.json = json;
    }

    /**
     * @throws IllegalStateException when {@code stored} is not a JSON object
     */
    static byte[] present(byte[] stored, String apiVersion, String kind) {
        byte[] quotedVersion = ENCODER.quoteAsUTF8(apiVersion);
        byte[] quotedKind = ENCODER.quoteAsUTF8(kind);
        byte[] out = new byte[stored.length + quotedVersion.length + quotedKind.length + 32];
        int size = put(out, 0, "{\"apiVersion\":\"");
        size = put(out, size, quotedVersion, 0, quotedVersion.length);
        size = put(out, size, "\",\"kind\":\"");
        size = put(out, size, quotedKind, 0, quotedKind.length);
        size = put(out, size, "\"");

        StoredJson scan = new StoredJson(stored);
        scan.expect('{');
        boolean more = scan.next() != '}';
        int replacedMembers = 0;
        while (more) {
            if (replacedMembers == 2) {
                // Member names are unique (the store wrote the text from a tree), so neither apiVersion nor kind comes
                // again: the rest goes as it is, unscanned. The store writes them first, so this is the usual path.
                int end = scan.lastBrace();
                out = room(out, size, end - scan.at + 1);
                size = put(out, size, ",");
                size = put(out, size, stored, scan.at, end);
                break;
            }
            int start = scan.at;
            scan.expect('"');
            scan.skipString();
            boolean replaced = scan.nameIs(start, API_VERSION) || scan.nameIs(start, KIND);
            scan.expect(':');
            scan.next();
            scan.skipValue();
            if (replaced) {
                replacedMembers++;
            } else {
                out = room(out, size, scan.at - start + 1);
                size = put(out, size, ",");
                size = put(out, size, stored, start, scan.at);
            }
            more = scan.next() == ',';
            if (more) {
                scan.at++;
                scan.next();
            } else {
                scan.expect('}');
            }
        }
        out = room(out, size, 1);
        size = put(out, size, "}");
        return size == out.length ? out : Arrays.copyOf(out, size);
    }

    /** Where the object's closing brace is: the last byte that is not whitespace. */
    private int lastBrace() {
        int end = json.length - 1;
        while (end > at && (json[end] == ' ' || json[end] == '\n' || json[end] == '\r' || json[end] == '\t')) {
            end--;
        }
        if (end <= at || json[end] != '}') {
            throw notAnObject();
        }
        return end;
    }

    /** Skips whitespace; the byte there (which stays unread). */
    private byte next() {
        while (at < json.length) {
            byte b = json[at];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b;
            }
            at++;
        }
        throw notAnObject();
    }

    /** Reads {@code expected}, after whitespace. */
    private void expect(char expected) {
        if (next() != expected) {
            throw notAnObject();
        }
        at++;
    }

    /** Reads the rest of a string whose opening quote was read, up to and with its closing quote. */
    private void skipString() {
        while (at < json.length) {
            byte b = json[at++];
            if (b == '"') {
                return;
            }
            if (b == '\\') {
                at++;
            }
        }
        throw notAnObject();
    }

    /** Reads the value that starts here: a string, an object or array (to its matching end), or a scalar. */
    private void skipValue() {
        byte first = json[at];
        if (first == '"') {
            at++;
            skipString();
        } else if (first == '{' || first == '[') {
            int depth = 0;
            while (at < json.length) {
                byte b = json[at++];
                if (b == '"') {
                    skipString();
                } else if (b == '{' || b == '[') {
                    depth++;
                } else if ((b == '}' || b == ']') && --depth == 0) {
                    return;
                }
            }
            throw notAnObject();
        } else {
            int start = at;
            while (at < json.length) {
                byte b = json[at];
                if (b == ',' || b == '}' || b == ']' || b == ' ' || b == '\n' || b == '\r' || b == '\t') {
                    break;
                }
                at++;
            }
            if (at == start || at == json.length) {
                throw notAnObject();
            }
        }
    }

    /** Whether the member name just read, which started at {@code start}, is {@code name} (as written, unescaped). */
    private boolean nameIs(int start, byte[] name) {
        return Arrays.equals(json, start + 1, at - 1, name, 0, name.length);
    }

    private static IllegalStateException notAnObject() {
        return new IllegalStateException("stored value is not a JSON object");
    }

    private static byte[] room(byte[] out, int size, int more) {
        return out.length - size >= more ? out : Arrays.copyOf(out, Math.max(size + more, 2 * out.length));
    }

    private static int put(byte[] out, int size, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            out[size++] = (byte) ascii.charAt(i);
        }
        return size;
    }

    private static int put(byte[] out, int size, byte[] source, int from, int to) {
        System.arraycopy(source, from, out, size, to - from);
        return size + to - from;
    }
}
