package io.migrationgateway.model.diff;

import com.fasterxml.jackson.databind.JsonNode;

/** One difference between two JSON documents, at a JSON Pointer; {@code before} or {@code after} is absent when added or removed. */
public record JsonChange(Kind kind, String path, JsonNode before, JsonNode after) {
    public enum Kind { ADDED, REMOVED, CHANGED }

    static JsonChange added(String path, JsonNode after) {
        return new JsonChange(Kind.ADDED, path, null, after);
    }

    static JsonChange removed(String path, JsonNode before) {
        return new JsonChange(Kind.REMOVED, path, before, null);
    }

    static JsonChange changed(String path, JsonNode before, JsonNode after) {
        return new JsonChange(Kind.CHANGED, path, before, after);
    }
}
