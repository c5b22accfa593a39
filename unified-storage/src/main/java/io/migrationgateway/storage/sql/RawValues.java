package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
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
    private static final ObjectMapper JSON = JsonMapper.builder()
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
