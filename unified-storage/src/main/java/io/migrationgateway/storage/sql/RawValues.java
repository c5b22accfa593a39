package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.util.Map;

/**
 * Imported objects may carry parts as JSON text, Jackson raw values ({@link RawValue} in a {@link POJONode}; the copy
 * job's converter makes a dashboard's spec one), which serialize as they are: writing them costs no tree. Whatever looks
 * into such an object (a comparison with the stored state, a watcher) gets it here with those parts parsed, as they
 * were before they became text.
 */
final class RawValues {
    // numbers exactly as written (1.50 stays 1.50), as the tree the text was made from held them, so that an object
    // parsed here and written again is the same text
    static final ObjectMapper JSON = JsonMapper.builder()
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
        .build();

    private RawValues() {
    }

    /** {@code object} itself when none of its fields is a raw value, else a shallow copy with those fields parsed. */
    static ObjectNode parsed(ObjectNode object) {
        ObjectNode copy = null;
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            if (field.getValue() instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw) {
                if (copy == null) {
                    copy = object.deepCopy();
                }
                copy.set(field.getKey(), parse(raw));
            }
        }
        return copy == null ? object : copy;
    }

    /**
     * What {@code pointer} names inside a raw value's text, parsed alone: the members and elements on the way are
     * skipped as tokens, never built, so finding a dashboard's title costs a scan of its text rather than a tree.
     */
    static JsonNode at(RawValue raw, JsonPointer pointer) {
        try (JsonParser parser = raw.rawValue() instanceof SerializableString utf8
            ? JSON.createParser(utf8.asUnquotedUTF8()) : JSON.createParser(String.valueOf(raw.rawValue()))) {
            JsonToken token = parser.nextToken();
            for (JsonPointer rest = pointer; !rest.matches(); rest = rest.tail()) {
                token = descend(parser, token, rest);
                if (token == null) {
                    return MissingNode.getInstance();
                }
            }
            JsonNode found = JSON.readTree(parser);
            return found == null ? MissingNode.getInstance() : found;
        } catch (IOException e) {
            throw new IllegalStateException("a raw value is not JSON", e);
        }
    }

    /**
     * Moves the parser from {@code token}, the start of an object or array, to the first token of the member or element
     * {@code pointer}'s head names; {@code null} when there is none.
     */
    private static JsonToken descend(JsonParser parser, JsonToken token, JsonPointer pointer) throws IOException {
        if (token == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                if (parser.currentName().equals(pointer.getMatchingProperty())) {
                    return parser.nextToken();
                }
                parser.nextToken();
                parser.skipChildren();
            }
        } else if (token == JsonToken.START_ARRAY && pointer.mayMatchElement()) {
            JsonToken element;
            for (int i = 0; (element = parser.nextToken()) != JsonToken.END_ARRAY; i++) {
                if (i == pointer.getMatchingIndex()) {
                    return element;
                }
                parser.skipChildren();
            }
        }
        return null;
    }

    private static JsonNode parse(RawValue raw) {
        try {
            // text held as UTF-8 bytes (the copy job's specs) is parsed from them
            return raw.rawValue() instanceof SerializableString utf8 ? JSON.readTree(utf8.asUnquotedUTF8())
                : JSON.readTree(String.valueOf(raw.rawValue()));
        } catch (IOException e) {
            throw new IllegalStateException("a raw value is not JSON", e);
        }
    }
}
