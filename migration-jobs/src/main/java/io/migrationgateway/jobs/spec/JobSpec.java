package io.migrationgateway.jobs.spec;

import java.util.Objects;
import java.util.Optional;

/**
 * A job to start.
 *
 * @param resource  the qualified resource, {@code dashboards.dashboard.grafana.app}
 * @param namespace one namespace, or empty for all of them
 */
public record JobSpec(JobKind kind, String resource, Optional<String> namespace) {
    public JobSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(namespace, "namespace");
    }

    /** {@code copy dashboards.dashboard.grafana.app in org-2}. */
    public String describe() {
        return kind.word() + " " + resource + " in " + namespace.orElse("all namespaces");
    }
}
