package io.migrationgateway.model.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The differences between two JSON documents, walked once: as a list of changes by JSON Pointer (for the HTML views)
 * and as a jsondiffpatch delta (Grafana's {@code delta} diff type, the format its Go diff library writes). Arrays are
 * compared position by position: the delta it gives is a valid jsondiffpatch delta, not always the shortest one.
 */
public final class JsonDiff {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonDiff() {
    }

    /** Every leaf-level change from {@code base} to {@code next}, in document order. */
    public static List<JsonChange> changes(JsonNode base, JsonNode next) {
        List<JsonChange> changes = new ArrayList<>();
        collect("", base, next, changes);
        return changes;
    }

    private static void collect(String path, JsonNode base, JsonNode next, List<JsonChange> changes) {
        if (base.equals(next)) {
            return;
        }
        if (base.isObject() && next.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = base.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String at = path + "/" + escape(field.getKey());
                JsonNode after = next.get(field.getKey());
                if (after == null) {
                    changes.add(JsonChange.removed(at, field.getValue()));
                } else {
                    collect(at, field.getValue(), after, changes);
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = next.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!base.has(field.getKey())) {
                    changes.add(JsonChange.added(path + "/" + escape(field.getKey()), field.getValue()));
                }
            }
            return;
        }
        if (base.isArray() && next.isArray()) {
            int common = Math.min(base.size(), next.size());
            for (int i = 0; i < common; i++) {
                collect(path + "/" + i, base.get(i), next.get(i), changes);
            }
            for (int i = common; i < base.size(); i++) {
                changes.add(JsonChange.removed(path + "/" + i, base.get(i)));
            }
            for (int i = common; i < next.size(); i++) {
                changes.add(JsonChange.added(path + "/" + i, next.get(i)));
            }
            return;
        }
        changes.add(JsonChange.changed(path, base, next));
    }

    /** The jsondiffpatch delta from {@code base} to {@code next}: {@code {}} when they are equal. */
    public static JsonNode delta(JsonNode base, JsonNode next) {
        JsonNode delta = deltaOf(base, next);
        return delta == null ? NODES.objectNode() : delta;
    }

    private static JsonNode deltaOf(JsonNode base, JsonNode next) {
        if (base.equals(next)) {
            return null;
        }
        if (base.isObject() && next.isObject()) {
            ObjectNode delta = NODES.objectNode();
            base.fields().forEachRemaining(field -> {
                JsonNode after = next.get(field.getKey());
                JsonNode inner = after == null ? removal(field.getValue()) : deltaOf(field.getValue(), after);
                if (inner != null) {
                    delta.set(field.getKey(), inner);
                }
            });
            next.fields().forEachRemaining(field -> {
                if (!base.has(field.getKey())) {
                    delta.set(field.getKey(), NODES.arrayNode().add(field.getValue()));
                }
            });
            return delta;
        }
        if (base.isArray() && next.isArray()) {
            ObjectNode delta = NODES.objectNode().put("_t", "a");
            int common = Math.min(base.size(), next.size());
            for (int i = 0; i < common; i++) {
                JsonNode inner = deltaOf(base.get(i), next.get(i));
                if (inner != null) {
                    delta.set(Integer.toString(i), inner);
                }
            }
            for (int i = common; i < base.size(); i++) {
                delta.set("_" + i, removal(base.get(i)));
            }
            for (int i = common; i < next.size(); i++) {
                delta.set(Integer.toString(i), NODES.arrayNode().add(next.get(i)));
            }
            return delta;
        }
        return NODES.arrayNode().add(base).add(next);
    }

    private static ArrayNode removal(JsonNode before) {
        return NODES.arrayNode().add(before).add(0).add(0);
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
