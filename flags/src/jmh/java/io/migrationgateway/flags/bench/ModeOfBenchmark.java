package io.migrationgateway.flags.bench;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * What the request path pays to learn the mode of (resource, namespace): {@link MigrationModes#modeOf} over the
 * three built-in resources, one with namespace overrides, read by 2 threads as the gateway's IO threads would.
 * The flags are loaded from memory (the cache is what is measured, not PostgreSQL).
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(2)
public class ModeOfBenchmark {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";

    private final MigrationModes modes = new MigrationModes(List.of(DASHBOARDS, FOLDERS, PLAYLISTS), resource -> switch (resource) {
        case DASHBOARDS -> new ResourceModes(resource, true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY, "org-3", Mode.LEGACY_RETIRED));
        case FOLDERS -> new ResourceModes(resource, true, Mode.UNIFIED_ONLY, Map.of());
        default -> ResourceModes.initial(resource);
    });

    /** A namespace with an override of its own. */
    @Benchmark
    public Mode overriddenNamespace() {
        return modes.modeOf(DASHBOARDS, "org-2");
    }

    /** A namespace that takes the resource's default mode. */
    @Benchmark
    public Mode defaultNamespace() {
        return modes.modeOf(DASHBOARDS, "default");
    }

    /** A resource whose feature is off. */
    @Benchmark
    public Mode featureOff() {
        return modes.modeOf(PLAYLISTS, "default");
    }

    /** A path that belongs to no flagged resource. */
    @Benchmark
    public Mode unflaggedResource() {
        return modes.modeOf("snapshots.dashboard.grafana.app", "default");
    }
}
