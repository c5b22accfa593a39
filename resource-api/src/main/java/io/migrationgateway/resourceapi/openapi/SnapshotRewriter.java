package io.migrationgateway.resourceapi.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Turns a kind's Grafana OpenAPI snapshot into the document this server publishes for one of the kind's
 * versions. The schemas are kept; what changes:
 *
 * <ul>
 *   <li>the version: a snapshot written for one version (dashboards: v1beta1) also describes the kind's other
 *       versions over the same storage, so paths, GVK tags and the title are moved to the version served;</li>
 *   <li>paths this server does not serve (subresources such as {@code /dto} or {@code /status}) are dropped;</li>
 *   <li>{@code application/strategic-merge-patch+json} is removed from every request body: kubectl sends a
 *       strategic merge patch to any PATCH operation that lists it, and this server refuses those (415);</li>
 *   <li>the per-object PATCH carries {@code x-kubernetes-group-version-kind}, {@code x-kubernetes-action: patch}
 *       and a {@code fieldValidation} parameter, which is what makes {@code kubectl apply} leave validation to
 *       the server instead of validating on the client.</li>
 * </ul>
 */
final class SnapshotRewriter {
    private static final String STRATEGIC_MERGE = "application/strategic-merge-patch+json";
    private static final String GVK = "x-kubernetes-group-version-kind";

    private SnapshotRewriter() {
    }

    static ObjectNode rewrite(ObjectNode snapshot, KindDeclaration kind, String version) {
        String nativeVersion = nativeVersion(snapshot, kind);
        String prefix = "/apis/" + kind.group() + "/";
        String collection = "/namespaces/{namespace}/" + kind.plural();
        String item = collection + "/{name}";

        ObjectNode oldPaths = (ObjectNode) snapshot.path("paths");
        ObjectNode paths = snapshot.objectNode();
        for (Map.Entry<String, JsonNode> entry : oldPaths.properties()) {
            if (!entry.getKey().startsWith(prefix + nativeVersion + "/")) {
                continue;
            }
            String rest = entry.getKey().substring(prefix.length() + nativeVersion.length());
            if (rest.equals("/") || rest.equals(collection) || rest.equals(item)) {
                paths.set(prefix + version + rest, entry.getValue());
            }
        }
        snapshot.set("paths", paths);
        snapshot.withObjectProperty("info").put("title", kind.group() + "/" + version);
        retagVersions(snapshot, kind.group(), nativeVersion, version);

        for (JsonNode operations : paths) {
            for (JsonNode operation : operations) {
                JsonNode content = operation.path("requestBody").path("content");
                if (content instanceof ObjectNode types) {
                    types.remove(STRATEGIC_MERGE);
                }
            }
        }
        JsonNode itemPath = paths.path(prefix + version + item);
        if (itemPath instanceof ObjectNode itemOperations) {
            ensurePatchOperation(itemOperations.withObjectProperty("patch"), kind, version);
        }
        return snapshot;
    }

    /** The version the snapshot was written for, read from its first path under the kind's group. */
    private static String nativeVersion(ObjectNode snapshot, KindDeclaration kind) {
        String prefix = "/apis/" + kind.group() + "/";
        Iterator<String> names = snapshot.path("paths").fieldNames();
        while (names.hasNext()) {
            String path = names.next();
            if (path.startsWith(prefix)) {
                int end = path.indexOf('/', prefix.length());
                return end < 0 ? path.substring(prefix.length()) : path.substring(prefix.length(), end);
            }
        }
        throw new IllegalStateException("OpenAPI snapshot " + kind.openApi() + " has no path under " + prefix);
    }

    /** Every GVK tag (an object or a list of them) of the group naming {@code from} names {@code to} instead. */
    private static void retagVersions(JsonNode node, String group, String from, String to) {
        if (from.equals(to)) {
            return;
        }
        if (node instanceof ObjectNode object) {
            JsonNode tag = object.get(GVK);
            if (tag instanceof ObjectNode one) {
                retag(one, group, from, to);
            } else if (tag instanceof ArrayNode many) {
                many.forEach(t -> retag((ObjectNode) t, group, from, to));
            }
            object.forEach(child -> retagVersions(child, group, from, to));
        } else if (node instanceof ArrayNode array) {
            array.forEach(child -> retagVersions(child, group, from, to));
        }
    }

    private static void retag(ObjectNode tag, String group, String from, String to) {
        if (group.equals(tag.path("group").asText()) && from.equals(tag.path("version").asText())) {
            tag.put("version", to);
        }
    }

    private static void ensurePatchOperation(ObjectNode patch, KindDeclaration kind, String version) {
        ObjectNode gvk = patch.objectNode();
        gvk.put("group", kind.group());
        gvk.put("version", version);
        gvk.put("kind", kind.kind());
        patch.set(GVK, gvk);
        patch.put("x-kubernetes-action", "patch");
        ArrayNode parameters = patch.withArrayProperty("parameters");
        List<String> names = new ArrayList<>();
        parameters.forEach(p -> names.add(p.path("name").asText()));
        if (!names.contains("fieldValidation")) {
            ObjectNode parameter = parameters.addObject();
            parameter.put("name", "fieldValidation");
            parameter.put("in", "query");
            parameter.putObject("schema").put("type", "string");
        }
        if (!patch.has("responses")) {
            patch.putObject("responses").putObject("200").put("description", "OK");
        }
    }
}
