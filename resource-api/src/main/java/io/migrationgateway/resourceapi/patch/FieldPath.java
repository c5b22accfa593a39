package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The path of one field through nested objects, e.g. {@code [spec, title]}. Lists are atomic, so a path never
 * enters one. Ordered key by key, so a sorted set lists a parent right before its children.
 */
record FieldPath(List<String> keys) implements Comparable<FieldPath> {
    static final FieldPath ROOT = new FieldPath(List.of());

    FieldPath {
        keys = List.copyOf(keys);
    }

    static FieldPath of(String... keys) {
        return new FieldPath(List.of(keys));
    }

    FieldPath child(String key) {
        List<String> longer = new ArrayList<>(keys);
        longer.add(key);
        return new FieldPath(longer);
    }

    FieldPath parent() {
        return new FieldPath(keys.subList(0, keys.size() - 1));
    }

    int depth() {
        return keys.size();
    }

    /** True when {@code other} is this path or lies below it. */
    boolean contains(FieldPath other) {
        return other.keys.size() >= keys.size() && other.keys.subList(0, keys.size()).equals(keys);
    }

    /** True when the two paths are the same field or one lies below the other. */
    boolean overlaps(FieldPath other) {
        return contains(other) || other.contains(this);
    }

    /** The node at this path in {@code root}, or {@code null} when some key on the way is missing. */
    JsonNode find(JsonNode root) {
        JsonNode node = root;
        for (String key : keys) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(key);
        }
        return node;
    }

    /** Sets the field, creating missing objects on the way and replacing non-objects that are in the way. */
    void put(ObjectNode root, JsonNode value) {
        ObjectNode node = root;
        for (String key : keys.subList(0, keys.size() - 1)) {
            JsonNode next = node.get(key);
            node = next instanceof ObjectNode object ? object : node.putObject(key);
        }
        node.set(keys.get(keys.size() - 1), value);
    }

    /** Removes the field if it is there. */
    void remove(ObjectNode root) {
        if (parent().find(root) instanceof ObjectNode parent) {
            parent.remove(keys.get(keys.size() - 1));
        }
    }

    /** Structured-merge-diff notation, as conflicts name fields: {@code .spec.title}. */
    @Override
    public String toString() {
        return "." + String.join(".", keys);
    }

    @Override
    public int compareTo(FieldPath other) {
        for (int i = 0; i < Math.min(keys.size(), other.keys.size()); i++) {
            int byKey = keys.get(i).compareTo(other.keys.get(i));
            if (byKey != 0) {
                return byKey;
            }
        }
        return Integer.compare(keys.size(), other.keys.size());
    }
}
