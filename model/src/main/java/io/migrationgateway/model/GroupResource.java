package io.migrationgateway.model;

import java.util.Objects;

/**
 * A kind of stored object without its version: {@code dashboard.grafana.app} + {@code dashboards}.
 * Objects of every API version of a group share one storage, and resource versions are ordered per
 * group-resource (they are not comparable across group-resources).
 */
public record GroupResource(String group, String resource) {
    public GroupResource {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(resource, "resource");
    }

    /** {@code dashboards.dashboard.grafana.app}, the form Kubernetes uses in messages. */
    @Override
    public String toString() {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
