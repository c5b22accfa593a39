package io.migrationgateway.resourceapi.discovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The discovery documents clients read before they touch a resource, all derived from the declared kinds:
 * {@code /version}, legacy discovery ({@code /api}, {@code /apis}, {@code /apis/<g>}, {@code /apis/<g>/<v>}) and
 * aggregated discovery ({@code APIGroupDiscoveryList}, v2 and v2beta1). Each call builds a fresh node the
 * caller may change.
 */
public final class DiscoveryDocuments {
    /** Every kind supports every verb; {@code kubectl} reads this list to decide what it may do. */
    public static final List<String> VERBS =
            List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

    /**
     * The Kubernetes version reported by {@code /version}. The kubectl dispatcher picks its real binary from
     * {@code minor}; 32 selects one that speaks aggregated discovery v2 (27 would pick one that only knows
     * v2beta1).
     */
    private static final String MAJOR = "1";
    private static final String MINOR = "32";

    private final Kinds kinds;

    public DiscoveryDocuments(Kinds kinds) {
        this.kinds = Objects.requireNonNull(kinds, "kinds");
    }

    /** {@code /version}. */
    public ObjectNode version() {
        ObjectNode out = object();
        out.put("major", MAJOR);
        out.put("minor", MINOR);
        out.put("gitVersion", "v" + MAJOR + "." + MINOR + ".0-migration-gateway");
        out.put("gitCommit", "");
        out.put("gitTreeState", "clean");
        out.put("buildDate", "");
        out.put("goVersion", "");
        out.put("compiler", "");
        out.put("platform", System.getProperty("os.name", "").toLowerCase(Locale.ROOT) + "/"
                + System.getProperty("os.arch", ""));
        return out;
    }

    /** Legacy {@code /api}: no core group is served. */
    public ObjectNode coreVersions() {
        ObjectNode out = object();
        out.put("kind", "APIVersions");
        out.putArray("versions");
        return out;
    }

    /** Aggregated {@code /api}: an empty list, since no core group is served. */
    public ObjectNode aggregatedCore(AggregatedVersion version) {
        ObjectNode out = aggregatedListHeader(version);
        out.putArray("items");
        return out;
    }

    /** Legacy {@code /apis}. */
    public ObjectNode groupList() {
        ObjectNode out = object();
        out.put("kind", "APIGroupList");
        out.put("apiVersion", "v1");
        ArrayNode groups = out.putArray("groups");
        kinds.groups().forEach(g -> groups.add(groupBody(g)));
        return out;
    }

    /** Legacy {@code /apis/<group>}, when the group is served. */
    public Optional<ObjectNode> group(String name) {
        return kinds.group(name).map(g -> {
            ObjectNode out = object();
            out.put("kind", "APIGroup");
            out.put("apiVersion", "v1");
            out.setAll(groupBody(g));
            return out;
        });
    }

    /** Legacy {@code /apis/<group>/<version>}, when served. */
    public Optional<ObjectNode> resourceList(String group, String version) {
        if (!kinds.serves(group, version)) {
            return Optional.empty();
        }
        ObjectNode out = object();
        out.put("kind", "APIResourceList");
        out.put("apiVersion", "v1");
        out.put("groupVersion", group + "/" + version);
        ArrayNode resources = out.putArray("resources");
        for (KindDeclaration kind : kinds.group(group).orElseThrow().kindsIn(version)) {
            ObjectNode r = resources.addObject();
            r.put("name", kind.plural());
            r.put("singularName", kind.singular());
            r.put("namespaced", true);
            r.put("kind", kind.kind());
            strings(r.putArray("verbs"), VERBS);
            if (!kind.shortNames().isEmpty()) {
                strings(r.putArray("shortNames"), kind.shortNames());
            }
        }
        return Optional.of(out);
    }

    /** Aggregated {@code /apis}: every group, version and resource in one document. */
    public ObjectNode aggregated(AggregatedVersion version) {
        ObjectNode out = aggregatedListHeader(version);
        ArrayNode items = out.putArray("items");
        for (Kinds.ApiGroup group : kinds.groups()) {
            ObjectNode item = items.addObject();
            item.putObject("metadata").put("name", group.name());
            ArrayNode versions = item.putArray("versions");
            for (String v : group.versions()) {
                ObjectNode ver = versions.addObject();
                ver.put("version", v);
                ArrayNode resources = ver.putArray("resources");
                for (KindDeclaration kind : group.kindsIn(v)) {
                    ObjectNode r = resources.addObject();
                    r.put("resource", kind.plural());
                    ObjectNode responseKind = r.putObject("responseKind");
                    responseKind.put("group", group.name());
                    responseKind.put("version", v);
                    responseKind.put("kind", kind.kind());
                    r.put("scope", "Namespaced");
                    r.put("singularResource", kind.singular());
                    strings(r.putArray("verbs"), VERBS);
                    if (!kind.shortNames().isEmpty()) {
                        strings(r.putArray("shortNames"), kind.shortNames());
                    }
                }
                ver.put("freshness", "Current");
            }
        }
        return out;
    }

    private static ObjectNode aggregatedListHeader(AggregatedVersion version) {
        ObjectNode out = object();
        out.put("kind", "APIGroupDiscoveryList");
        out.put("apiVersion", "apidiscovery.k8s.io/" + version.version());
        out.putObject("metadata");
        return out;
    }

    private static ObjectNode groupBody(Kinds.ApiGroup group) {
        ObjectNode out = object();
        out.put("name", group.name());
        ArrayNode versions = out.putArray("versions");
        group.versions().forEach(v -> versions.add(groupVersion(group.name(), v)));
        out.set("preferredVersion", groupVersion(group.name(), group.preferredVersion()));
        return out;
    }

    private static ObjectNode groupVersion(String group, String version) {
        ObjectNode out = object();
        out.put("groupVersion", group + "/" + version);
        out.put("version", version);
        return out;
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }
}
