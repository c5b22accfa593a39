package io.migrationgateway.translators.playlist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.resource.ResourceObject;

/**
 * Playlist objects ↔ Grafana 9.3's playlist bodies (reference §1.8, §2.5): {@code name} is {@code spec.title}, items
 * keep {@code type} and {@code value} in their order; the legacy item {@code title} (unused by Grafana) is dropped.
 */
final class PlaylistViews {
    private PlaylistViews() {
    }

    /** {@code {title, interval, items: [{type, value}]}} from a legacy command's fields. */
    static ObjectNode spec(String name, String interval, JsonNode items) {
        ObjectNode spec = Json.object();
        spec.put("title", name);
        spec.put("interval", interval);
        ArrayNode out = spec.putArray("items");
        for (JsonNode item : items) {
            ObjectNode copy = out.addObject();
            copy.put("type", item.path("type").asText(""));
            copy.put("value", item.path("value").asText(""));
        }
        return spec;
    }

    static String name(ResourceObject playlist) {
        return playlist.specText("title").orElse("");
    }

    static String interval(ResourceObject playlist) {
        return playlist.specText("interval").orElse("");
    }

    /** Grafana's {@code playlist.Playlist} (list entries, create answer): {@code {id?, uid, name, interval}}. */
    static ObjectNode entry(ResourceObject playlist) {
        ObjectNode entry = Json.object();
        if (playlist.legacyId() != 0) {
            entry.put("id", playlist.legacyId());
        }
        entry.put("uid", playlist.name());
        entry.put("name", name(playlist));
        entry.put("interval", interval(playlist));
        return entry;
    }

    /** Grafana 9.3's {@code PlaylistDTO}, fields in alphabetical order, no id: {@code {interval, items, name, uid}}. */
    static ObjectNode dto(ResourceObject playlist) {
        ObjectNode dto = Json.object();
        dto.put("interval", interval(playlist));
        dto.set("items", items(playlist));
        dto.put("name", name(playlist));
        dto.put("uid", playlist.name());
        return dto;
    }

    /** The items as 9.3 answers them: {@code [{type, value}]} (its {@code title} is empty, so left out). */
    static ArrayNode items(ResourceObject playlist) {
        ArrayNode items = JsonNodeFactory.instance.arrayNode();
        for (JsonNode item : playlist.spec().path("items")) {
            ObjectNode copy = items.addObject();
            copy.put("type", item.path("type").asText(""));
            copy.put("value", item.path("value").asText(""));
        }
        return items;
    }
}
