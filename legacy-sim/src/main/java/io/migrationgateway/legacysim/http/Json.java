package io.migrationgateway.legacysim.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * JSON as Grafana writes it. Dashboard models are Go maps in Grafana (simplejson), which encoding/json
 * writes with sorted keys, so maps here are written sorted too; DTOs keep their declared field order,
 * as Go structs do.
 */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private Json() {
    }

    /** Parses a dashboard model into nested maps and lists, so that it is written back with sorted keys. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseModel(String json) {
        try {
            return MAPPER.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode parse(byte[] json) throws IOException {
        return MAPPER.readTree(json);
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
