package io.migrationgateway.translators.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JSON value's text held as its UTF-8 bytes, for a Jackson raw value ({@code new RawValue(text)}): a UTF-8 generator
 * writes it as it is. Why not the text as a {@code String}: the copy job's spec arrives as UTF-8 from the legacy
 * database and leaves as UTF-8 for unified storage, and a {@code String} in between was decoded once and encoded again
 * by the generator, character by character, which was a tenth of the copy's Java CPU. A generator that writes
 * characters (a {@code Writer}) gets the decoded text ({@link #getValue()}).
 *
 * <p>The quoted forms (the text as a JSON string) are there because the interface asks for them; a raw value never
 * uses them.
 */
public final class JsonText implements SerializableString {
    private final byte[] utf8;
    private final int length;

    private JsonText(byte[] utf8, int length) {
        this.utf8 = utf8;
        this.length = length;
    }

    /** The first {@code length} bytes of {@code utf8}, which this keeps (it does not copy them): do not change them. */
    public static JsonText of(byte[] utf8, int length) {
        if (length < 0 || length > utf8.length) {
            throw new IllegalArgumentException("length " + length + " outside 0.." + utf8.length);
        }
        return new JsonText(utf8, length);
    }

    @Override
    public String getValue() {
        return new String(utf8, 0, length, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return length == utf8.length ? utf8 : Arrays.copyOf(utf8, length);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + length > buffer.length) {
            return -1;
        }
        System.arraycopy(utf8, 0, buffer, offset, length);
        return length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(utf8, 0, length);
        return length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (buffer.remaining() < length) {
            return -1;
        }
        buffer.put(utf8, 0, length);
        return length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        return copied(getValue().toCharArray(), buffer, offset);
    }

    @Override
    public char[] asQuotedChars() {
        return JsonStringEncoder.getInstance().quoteAsString(getValue());
    }

    @Override
    public byte[] asQuotedUTF8() {
        return JsonStringEncoder.getInstance().quoteAsUTF8(getValue());
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        byte[] quoted = asQuotedUTF8();
        if (offset + quoted.length > buffer.length) {
            return -1;
        }
        System.arraycopy(quoted, 0, buffer, offset, quoted.length);
        return quoted.length;
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        return copied(asQuotedChars(), buffer, offset);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
        byte[] quoted = asQuotedUTF8();
        out.write(quoted);
        return quoted.length;
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        byte[] quoted = asQuotedUTF8();
        if (buffer.remaining() < quoted.length) {
            return -1;
        }
        buffer.put(quoted);
        return quoted.length;
    }

    /** The text, as a raw value written through a {@code Writer} or {@code String.valueOf} has it. */
    @Override
    public String toString() {
        return getValue();
    }

    private static int copied(char[] chars, char[] buffer, int offset) {
        if (offset + chars.length > buffer.length) {
            return -1;
        }
        System.arraycopy(chars, 0, buffer, offset, chars.length);
        return chars.length;
    }
}
