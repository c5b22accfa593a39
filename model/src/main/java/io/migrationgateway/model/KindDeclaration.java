package io.migrationgateway.model;

import java.util.List;
import java.util.Objects;

/**
 * Everything the Resource API needs to serve one kind, declared by the kind's {@link Translator}: discovery,
 * OpenAPI, validation and Table output follow from it. The same components as the Resource API's own declaration,
 * without any storage type, so that this module depends on no storage.
 *
 * @param group      API group, e.g. {@code dashboard.grafana.app}
 * @param versions   served versions, preferred first (all over one storage)
 * @param plural     resource name in paths, e.g. {@code dashboards}
 * @param singular   e.g. {@code dashboard}
 * @param kind       e.g. {@code Dashboard}
 * @param shortNames e.g. {@code dash}
 * @param openApi    classpath resource of the kind's OpenAPI 3 document (Grafana's snapshot, shipped in this module
 *                   under {@code /openapi})
 * @param specSchema the component name of the spec schema in {@code openApi}, or {@code null} when the spec is
 *                   unstructured (any JSON object)
 * @param titleField the spec field shown in the Table's Title column, e.g. {@code title}
 * @param searchable what searches read of the kind's objects
 */
public record KindDeclaration(String group, List<String> versions, String plural, String singular, String kind,
                              List<String> shortNames, String openApi, String specSchema, String titleField,
                              SearchableFields searchable) {
    public KindDeclaration {
        Objects.requireNonNull(group, "group");
        versions = List.copyOf(versions);
        if (versions.isEmpty()) {
            throw new IllegalArgumentException("a kind needs at least one version: " + plural + "." + group);
        }
        Objects.requireNonNull(plural, "plural");
        Objects.requireNonNull(singular, "singular");
        Objects.requireNonNull(kind, "kind");
        shortNames = List.copyOf(shortNames);
        Objects.requireNonNull(openApi, "openApi");
        Objects.requireNonNull(titleField, "titleField");
        Objects.requireNonNull(searchable, "searchable");
    }

    /** The kind's storage name: its group and plural. */
    public GroupResource groupResource() {
        return new GroupResource(group, plural);
    }

    public String preferredVersion() {
        return versions.get(0);
    }

    /** {@code group/version}, the {@code apiVersion} of an object served in {@code version}. */
    public String apiVersion(String version) {
        return group + "/" + version;
    }

    /** {@code plural.group}, as the apiserver names the resource in messages: {@code dashboards.dashboard.grafana.app}. */
    public String qualifiedResource() {
        return plural + "." + group;
    }
}
