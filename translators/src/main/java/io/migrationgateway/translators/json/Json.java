package io.migrationgateway.translators.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The one JSON configuration of the translators. Numbers with a fraction are read as {@link java.math.BigDecimal}
 * and written back exactly as read ({@code 1.0} stays {@code 1.0}), so that a dashboard model survives any number of
 * translations byte for byte in its values; object keys keep the order they were read or built in.
 */
public final class Json {
    /** Thread-safe; share it. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    /** Reads request bodies as Grafana binds them: a number out of a float64's range is no body at all. */
    private static final JsonMapper REQUESTS = MAPPER.rebuild().nodeFactory(new GoNumbers.Factory()).build();

    /** Reads objects with their keys in Go's map order (see {@link #parseSorted}). */
    private static final JsonMapper SORTING = MAPPER.rebuild().nodeFactory(new SortedObjectNode.Factory()).build();

    private Json() {
    }

    /**
     * {@link #parse} with every object's keys in Go's map order as it is read, for models the translators store:
     * sorting while parsing costs a few percent of the parse, sorting the parsed tree afterwards several times that.
     * {@link SortedKeys} returns such a tree as it is.
     */
    public static Optional<JsonNode> parseSorted(byte[] json) {
        return read(SORTING, json);
    }

    /**
     * The tree of the JSON value {@code json} starts with, or empty when there is none (malformed, truncated, empty).
     * What follows the first value is ignored, as Go's {@code json.Decoder} (Grafana's request binding) ignores it.
     */
    public static Optional<JsonNode> parse(byte[] json) {
        return read(REQUESTS, json);
    }

    /**
     * The tree of a model the legacy side stored, whatever numbers it holds: a copy keeps a row as it is, as the
     * streamed conversion of its spec does ({@link #parse} is for what callers send).
     */
    public static Optional<JsonNode> parseStored(byte[] json) {
        return read(MAPPER, json);
    }

    /** The first JSON value of {@code json} as {@code mapper} reads it; empty when there is none or it is refused. */
    private static Optional<JsonNode> read(JsonMapper mapper, byte[] json) {
        if (json == null || json.length == 0) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(mapper.readTree(json)).filter(node -> !node.isMissingNode());
        } catch (IOException | GoNumbers.OutOfRange malformed) {
            return Optional.empty();
        }
    }

    /** The tree of {@code json}; for text this module wrote itself or a test wrote. */
    public static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** UTF-8 JSON of {@code node}, keys in the node's order. */
    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }
}
