package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * An immutable set of owned fields, read from and written as {@code fieldsV1}. A field is a leaf of the object:
 * a scalar, a list (atomic) or an empty object (owning only that the object exists); non-empty objects are
 * descended into.
 */
final class FieldSet {
    static final FieldSet EMPTY = new FieldSet(new TreeSet<>());

    private static final FieldPath METADATA = FieldPath.of("metadata");

    /** Identity and server-maintained fields: nobody owns them, so they never conflict. */
    private static final Set<FieldPath> NEVER_OWNED = Set.of(
            FieldPath.of("apiVersion"), FieldPath.of("kind"),
            FieldPath.of("metadata", "name"), FieldPath.of("metadata", "namespace"), FieldPath.of("metadata", "uid"),
            FieldPath.of("metadata", "resourceVersion"), FieldPath.of("metadata", "generation"),
            FieldPath.of("metadata", "creationTimestamp"), FieldPath.of("metadata", "managedFields"),
            FieldPath.of("metadata", "deletionTimestamp"), FieldPath.of("metadata", "deletionGracePeriodSeconds"),
            FieldPath.of("metadata", "selfLink"));

    private final NavigableSet<FieldPath> paths;

    private FieldSet(NavigableSet<FieldPath> paths) {
        this.paths = Collections.unmodifiableNavigableSet(paths);
    }

    /** Every leaf of {@code object} except the never-owned ones. */
    static FieldSet leavesOf(JsonNode object) {
        NavigableSet<FieldPath> leaves = new TreeSet<>();
        collectLeaves(object, FieldPath.ROOT, leaves);
        return new FieldSet(leaves);
    }

    /** The leaves of {@code after} whose value differs in {@code before} (which may be {@code null}: all of them). */
    static FieldSet changedBetween(JsonNode before, JsonNode after) {
        return leavesOf(after).filter(path -> changes(path.find(before), path.find(after)));
    }

    /**
     * Whether setting a leaf to {@code applied} changes {@code current} ({@code null} when absent). An empty
     * object only says "this object exists", so it changes nothing where an object already is.
     */
    static boolean changes(JsonNode current, JsonNode applied) {
        if (applied.isObject() && applied.isEmpty()) {
            return current == null || !current.isObject();
        }
        return !applied.equals(current);
    }

    /**
     * Reads a {@code fieldsV1} trie. Keys for list items ({@code k:}, {@code v:}, {@code i:}, written by a real
     * apiserver) count as owning the whole list, since lists are atomic here.
     */
    static FieldSet fromFieldsV1(JsonNode fieldsV1) {
        NavigableSet<FieldPath> owned = new TreeSet<>();
        if (fieldsV1 != null && fieldsV1.isObject()) {
            collectFields(fieldsV1, FieldPath.ROOT, owned);
        }
        return new FieldSet(owned);
    }

    /** The {@code fieldsV1} trie; a field owned together with fields below it gets a {@code "."} member. */
    ObjectNode toFieldsV1() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        for (FieldPath path : paths) {
            ObjectNode node = root;
            for (int depth = 0; depth < path.depth(); depth++) {
                if (depth > 0 && paths.contains(new FieldPath(path.keys().subList(0, depth)))) {
                    if (!node.has(".")) {
                        node.putObject(".");
                    }
                }
                String key = "f:" + path.keys().get(depth);
                node = node.get(key) instanceof ObjectNode child ? child : node.putObject(key);
            }
        }
        return root;
    }

    /** Identity and server-maintained fields, which nobody owns. */
    static boolean neverOwned(FieldPath path) {
        return NEVER_OWNED.contains(path);
    }

    Set<FieldPath> paths() {
        return paths;
    }

    boolean isEmpty() {
        return paths.isEmpty();
    }

    boolean contains(FieldPath path) {
        return paths.contains(path);
    }

    FieldSet union(FieldSet other) {
        NavigableSet<FieldPath> both = new TreeSet<>(paths);
        both.addAll(other.paths);
        return new FieldSet(both);
    }

    FieldSet filter(Predicate<FieldPath> keep) {
        NavigableSet<FieldPath> kept = new TreeSet<>();
        paths.stream().filter(keep).forEach(kept::add);
        return new FieldSet(kept);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldSet set && set.paths.equals(paths);
    }

    @Override
    public int hashCode() {
        return paths.hashCode();
    }

    @Override
    public String toString() {
        return paths.toString();
    }

    private static void collectLeaves(JsonNode node, FieldPath path, Set<FieldPath> leaves) {
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            FieldPath child = path.child(member.getKey());
            JsonNode value = member.getValue();
            if (NEVER_OWNED.contains(child)) {
                continue;
            }
            if (value.isObject() && !value.isEmpty()) {
                collectLeaves(value, child, leaves);
            } else if (!child.equals(METADATA)) {
                leaves.add(child);
            }
        }
    }

    private static void collectFields(JsonNode node, FieldPath path, Set<FieldPath> owned) {
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            String key = member.getKey();
            if (!key.startsWith("f:")) {
                // "." (the field itself) or a list item: either way the field at this path is owned
                if (path.depth() > 0) {
                    owned.add(path);
                }
                continue;
            }
            FieldPath child = path.child(key.substring(2));
            JsonNode below = member.getValue();
            if (below.isObject() && !below.isEmpty()) {
                collectFields(below, child, owned);
            } else {
                owned.add(child);
            }
        }
    }
}
