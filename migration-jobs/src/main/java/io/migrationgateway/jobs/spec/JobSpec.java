package io.migrationgateway.jobs.spec;

import java.util.Objects;
import java.util.Optional;

/**
 * A job to start.
 *
 * @param resource  the qualified resource, {@code dashboards.dashboard.grafana.app}
 * @param namespace one namespace, or empty for all of them
 * @param rate      objects per second a compare job reads at most; 0 for the default ({@code jobs.compare-rate})
 */
public record JobSpec(JobKind kind, String resource, Optional<String> namespace, long rate) {
    public JobSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(namespace, "namespace");
        if (rate < 0) {
            throw new JobException(JobException.Reason.BAD_REQUEST, "a job's rate is objects per second, 1 or more, got " + rate);
        }
    }

    /** A job at the default rate. */
    public JobSpec(JobKind kind, String resource, Optional<String> namespace) {
        this(kind, resource, namespace, 0);
    }

    /** {@code copy dashboards.dashboard.grafana.app in org-2}. */
    public String describe() {
        return kind.word() + " " + resource + " in " + namespace.orElse("all namespaces");
    }
}
