package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Objects;

/** JSON Merge Patch (RFC 7386), the body of {@code application/merge-patch+json}. */
public final class MergePatch {
    private MergePatch() {
    }

    /**
     * The result of merging {@code patch} into {@code target}: a {@code null} member removes the key, an object
     * merges recursively, anything else replaces. A patch that is not an object replaces the whole target (so the
     * result need not be an object: the caller checks). Neither argument is modified.
     *
     * @param target the document to patch, not null
     * @param patch  the merge patch, not null (a JSON {@code null} is a {@code NullNode})
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(patch, "patch");
        return merge(target.deepCopy(), patch);
    }

    /** Merges into {@code target}, which this call owns (a fresh copy), to copy each node only once. */
    private static JsonNode merge(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target instanceof ObjectNode object ? object : JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> member : patch.properties()) {
            if (member.getValue().isNull()) {
                result.remove(member.getKey());
            } else {
                result.set(member.getKey(), merge(result.get(member.getKey()), member.getValue()));
            }
        }
        return result;
    }
}
