package io.migrationgateway.jobs.hash;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.migrationgateway.translators.json.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Set;

/**
 * The canonical hash of a JSON value, computed while it is parsed (Jackson's streaming parser; no tree is built): what
 * a comparison by the translator's rules cannot tell apart hashes alike, so a verification hashes both sides' stored
 * text without parsing either into {@code jsonb} or a tree. An object's members count in any order (their hashes are
 * summed), whitespace and escapes do not count, arrays count in order, numbers count by value ({@code 1}, {@code 1.0}
 * and {@code 1e0} are one number). Each member's hash covers its name and its value, and a container's hash its kind,
 * size and content, so the same members at another depth, or under another name, hash differently.
 *
 * <p>Not thread-safe: one instance per thread (it reuses its per-depth state across documents).
 */
public final class CanonicalJson {
    private static final JsonFactory FACTORY = Json.MAPPER.getFactory();
    private static final long NULL = 1;
    private static final long TRUE = 2;
    private static final long FALSE = 3;
    private static final long STRING = 4;
    private static final long NUMBER = 5;
    private static final long ARRAY = 6;
    private static final long OBJECT = 7;
    private static final char[] ZERO = {'0'};

    /** The state of one open container (index 0: the value being hashed itself). */
    private static final class Level {
        final Mix128 sink = new Mix128();
        boolean object;
        long count;
        long sumHigh;
        long sumLow;
    }

    private Level[] levels = {new Level()};

    /**
     * The hash of the JSON value {@code json} starts with (what follows it is ignored, as the translators ignore it),
     * with the root object's members named in {@code withoutRootMembers} left out; null when there is no such value
     * (malformed, truncated, empty).
     */
    public Hash128 document(byte[] json, Set<String> withoutRootMembers) {
        if (json == null || json.length == 0) {
            return null;
        }
        try (JsonParser parser = FACTORY.createParser(json)) {
            return parser.nextToken() == null ? null : value(parser, withoutRootMembers);
        } catch (IOException malformed) {
            return null;
        }
    }

    /**
     * The hash of the value whose first token {@code parser} is at, leaving the parser at its last token; the root
     * object's members named in {@code withoutRootMembers} are left out.
     */
    public Hash128 value(JsonParser parser, Set<String> withoutRootMembers) throws IOException {
        int depth = 0;
        Level root = levels[0];
        root.sink.reset();
        root.object = false;
        JsonToken token = parser.currentToken();
        while (true) {
            Level level = levels[depth];
            switch (token) {
                case START_OBJECT, START_ARRAY -> {
                    depth++;
                    open(depth, token == JsonToken.START_OBJECT);
                    token = parser.nextToken();
                    continue;
                }
                case FIELD_NAME -> {
                    String name = parser.currentName();
                    if (depth == 1 && withoutRootMembers.contains(name)) {
                        parser.nextToken();
                        parser.skipChildren();
                    } else {
                        level.sink.reset();
                        level.sink.addChars(name);
                    }
                    token = parser.nextToken();
                    continue;
                }
                case END_OBJECT, END_ARRAY -> {
                    Level parent = levels[depth - 1];
                    if (level.object) {
                        parent.sink.add(OBJECT);
                        parent.sink.add(level.count);
                        parent.sink.add(level.sumHigh);
                        parent.sink.add(level.sumLow);
                    } else {
                        level.sink.finish();
                        parent.sink.add(ARRAY);
                        parent.sink.add(level.count);
                        parent.sink.add(level.sink.high());
                        parent.sink.add(level.sink.low());
                    }
                    depth--;
                }
                case VALUE_STRING -> {
                    level.sink.add(STRING);
                    level.sink.addChars(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
                }
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> addNumber(level.sink, parser.getTextCharacters(),
                    parser.getTextOffset(), parser.getTextLength(), token == JsonToken.VALUE_NUMBER_INT);
                case VALUE_TRUE -> level.sink.add(TRUE);
                case VALUE_FALSE -> level.sink.add(FALSE);
                case VALUE_NULL -> level.sink.add(NULL);
                default -> throw new IOException("unexpected JSON token " + token);
            }
            if (depth == 0) {
                root.sink.finish();
                return root.sink.hash();
            }
            ended(levels[depth]);
            token = parser.nextToken();
        }
    }

    /** The hash of a JSON string. */
    public Hash128 string(String text) {
        Mix128 sink = levels[0].sink;
        sink.reset();
        sink.add(STRING);
        sink.addChars(text);
        sink.finish();
        return sink.hash();
    }

    /** The hash of a JSON integer. */
    public Hash128 number(long value) {
        Mix128 sink = levels[0].sink;
        sink.reset();
        char[] digits = Long.toString(value).toCharArray();
        addNumber(sink, digits, 0, digits.length, true);
        sink.finish();
        return sink.hash();
    }

    /** The hash of JSON {@code null}. */
    public Hash128 nullValue() {
        Mix128 sink = levels[0].sink;
        sink.reset();
        sink.add(NULL);
        sink.finish();
        return sink.hash();
    }

    /** A value ended in the container {@code level}: a member is complete (its hash joins the sum), or an element. */
    private static void ended(Level level) {
        if (level.object) {
            level.sink.finish();
            level.sumHigh += level.sink.high();
            level.sumLow += level.sink.low();
        }
        level.count++;
    }

    private void open(int depth, boolean object) {
        if (depth == levels.length) {
            levels = Arrays.copyOf(levels, depth * 2);
            for (int i = depth; i < levels.length; i++) {
                levels[i] = new Level();
            }
        }
        Level level = levels[depth];
        level.object = object;
        level.count = 0;
        level.sumHigh = 0;
        level.sumLow = 0;
        level.sink.reset();
    }

    /**
     * A number by value: its digits without trailing zeros and the scale that leaves ({@code 100}, {@code 100.0} and
     * {@code 1e2} are all 1 at scale -2). An integer's text is rewritten by hand, a fraction's through
     * {@link BigDecimal} (rarer, and exponents make it worth a library).
     */
    private static void addNumber(Mix128 sink, char[] text, int offset, int length, boolean integer) {
        sink.add(NUMBER);
        if (integer) {
            int digits = offset + (text[offset] == '-' ? 1 : 0);
            int end = offset + length;
            while (end > digits && text[end - 1] == '0') {
                end--;
            }
            if (end == digits) {
                sink.addChars(ZERO, 0, 1);
                sink.add(0);
            } else {
                sink.addChars(text, offset, end - offset);
                sink.add(end - offset - length);
            }
            return;
        }
        BigDecimal value = new BigDecimal(text, offset, length);
        if (value.signum() == 0) {
            sink.addChars(ZERO, 0, 1);
            sink.add(0);
            return;
        }
        value = value.stripTrailingZeros();
        sink.addChars(value.unscaledValue().toString());
        sink.add(value.scale());
    }
}
