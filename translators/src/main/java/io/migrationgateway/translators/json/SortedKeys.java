package io.migrationgateway.translators.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Object keys in the order Go's {@code encoding/json} writes a map: sorted by their UTF-8 bytes, at every level.
 * Grafana keeps a dashboard model as a Go map, so every model it answers is in that order.
 *
 * <p>Copy on write: a tree that is already sorted is returned as is (one read-only walk; none at all for a tree
 * {@link Json#parseSorted} read), and of an unsorted one only the objects that need it, and their ancestors, are
 * rebuilt; the rest is shared with the input. Inputs are never changed.
 */
public final class SortedKeys {
    /** UTF-8 byte order, which is code point order (String.compareTo orders UTF-16 units, which differs above U+D7FF). */
    public static final Comparator<String> GO_ORDER = SortedKeys::compareCodePoints;

    private SortedKeys() {
    }

    /** {@code node} with every object's keys in Go's map order. */
    public static JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode object) {
            return sortedObject(object);
        }
        if (node instanceof ArrayNode array) {
            return sortedArray(array);
        }
        return node;
    }

    /** The object form of {@link #sorted(JsonNode)}. */
    public static ObjectNode sortedObject(ObjectNode object) {
        if (object instanceof SortedObjectNode) {
            return object; // sorted as it was parsed, and all below it
        }
        String previous = null;
        boolean inOrder = true;
        Map<String, JsonNode> changedChildren = null;
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            String key = entry.getKey();
            if (previous != null && compareCodePoints(previous, key) >= 0) {
                inOrder = false;
            }
            previous = key;
            JsonNode sortedChild = sorted(entry.getValue());
            if (sortedChild != entry.getValue()) {
                if (changedChildren == null) {
                    changedChildren = new HashMap<>();
                }
                changedChildren.put(key, sortedChild);
            }
        }
        if (inOrder && changedChildren == null) {
            return object;
        }
        List<String> keys = new ArrayList<>(object.size());
        object.fieldNames().forEachRemaining(keys::add);
        keys.sort(GO_ORDER);
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        for (String key : keys) {
            JsonNode replaced = changedChildren == null ? null : changedChildren.get(key);
            copy.set(key, replaced != null ? replaced : object.get(key));
        }
        return copy;
    }

    /**
     * {@code object} with its own keys in Go's order, the values as they are (not looked into): a shallow copy when the
     * keys were out of order, else {@code object} itself.
     */
    public static ObjectNode topLevelSorted(ObjectNode object) {
        String previous = null;
        for (String key : (Iterable<String>) object::fieldNames) {
            if (previous != null && compareCodePoints(previous, key) >= 0) {
                List<String> keys = new ArrayList<>(object.size());
                object.fieldNames().forEachRemaining(keys::add);
                keys.sort(GO_ORDER);
                ObjectNode copy = JsonNodeFactory.instance.objectNode();
                keys.forEach(k -> copy.set(k, object.get(k)));
                return copy;
            }
            previous = key;
        }
        return object;
    }

    private static JsonNode sortedArray(ArrayNode array) {
        ArrayNode copy = null;
        for (int i = 0; i < array.size(); i++) {
            JsonNode child = array.get(i);
            JsonNode sortedChild = sorted(child);
            if (sortedChild != child && copy == null) {
                copy = JsonNodeFactory.instance.arrayNode(array.size());
                for (int j = 0; j < i; j++) {
                    copy.add(array.get(j));
                }
            }
            if (copy != null) {
                copy.add(sortedChild);
            }
        }
        return copy == null ? array : copy;
    }

    private static int compareCodePoints(String a, String b) {
        int length = Math.min(a.length(), b.length());
        for (int i = 0; i < length; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // surrogates stand for code points above every BMP character
                boolean xHigh = Character.isSurrogate(x);
                boolean yHigh = Character.isSurrogate(y);
                if (xHigh != yHigh) {
                    return xHigh ? 1 : -1;
                }
                return x - y;
            }
        }
        return a.length() - b.length();
    }
}
