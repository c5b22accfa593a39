package io.migrationgateway.flags.gate;

import java.util.Objects;
import java.util.Optional;

/**
 * What a flip or a piece of evidence is about: a resource in one namespace, or in every namespace that has no
 * override of its own (an empty {@code namespace}).
 */
public record Scope(String resource, Optional<String> namespace) {
    public Scope {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(namespace, "namespace");
    }

    /** {@code dashboards.dashboard.grafana.app in org-2}, or {@code ... in all namespaces}. */
    public String describe() {
        return resource + " in " + namespace.orElse("all namespaces");
    }
}
