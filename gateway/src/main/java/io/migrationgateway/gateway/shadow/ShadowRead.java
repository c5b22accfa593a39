package io.migrationgateway.gateway.shadow;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.StructuralDiff;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * One read to compare, once its authoritative answer is known: where it belongs, how to ask the other side, and how to
 * ask the authoritative side again (for the noise check). The calls run on a shadow thread, never on the caller's.
 *
 * @param scope         resource, namespace and route of the read
 * @param mode          the mode it was served in (1 and 2: legacy authoritative; 3: unified)
 * @param diff          the comparison rules of the route
 * @param authoritative the answer the caller got
 * @param shadow        asks the other side
 * @param again         asks the authoritative side once more (only called for the reads sampled for noise)
 */
public record ShadowRead(ReadScope scope, Mode mode, StructuralDiff diff, Answer authoritative, Callable<Answer> shadow,
                         Callable<Answer> again) {
    public ShadowRead {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(diff, "diff");
        Objects.requireNonNull(authoritative, "authoritative");
        Objects.requireNonNull(shadow, "shadow");
        Objects.requireNonNull(again, "again");
    }

    /**
     * Where a read belongs.
     *
     * @param resource   the flag key ({@code dashboards.dashboard.grafana.app})
     * @param namespace  its namespace
     * @param route      the translator's route id ({@code dashboards.get})
     * @param objectName the object it reads, empty for a list
     */
    public record ReadScope(String resource, String namespace, String route, String objectName) {
        public ReadScope {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(objectName, "objectName");
        }
    }
}
