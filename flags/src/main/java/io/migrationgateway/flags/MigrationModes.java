package io.migrationgateway.flags;

import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ModeSource;
import io.migrationgateway.flags.mode.ResourceModes;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mode of every (resource, namespace), as the gateway asks it on every request. Each resource's flag is an
 * immutable {@link ResourceModes} held in a Caffeine cache and replaced whole when it changes, so a read never
 * blocks, never sees half a change and costs a hash lookup or two (well under a microsecond; see the JMH benchmark
 * in {@code src/jmh}). Every flag is loaded when this is built; afterwards a change is re-read when its
 * notification arrives and, as a safety net for lost notifications, every refresh interval, both by the change
 * listener's thread ({@link #reload}, {@link #reloadAll}). Not Caffeine's {@code refreshAfterWrite}: that would start
 * the re-read inside a request's {@link #modeOf} on an IO thread, a branch taken once per interval, which the JIT
 * compiles out of the request path and then throws the compiled path away for (bench/shadow.sh, JFR). A failed
 * re-read keeps the last known state. Thread-safe.
 */
public final class MigrationModes {
    private static final Logger LOG = LoggerFactory.getLogger(MigrationModes.class);
    private final List<String> resources;
    private final Set<String> known;
    private final Loader loader;
    private final LoadingCache<String, ResourceModes> cache;
    private volatile Runnable onChange = () -> { };

    /**
     * Loads every resource's flag.
     *
     * @param resources the flagged resources, in the order they are shown
     * @throws FlagStoreException when a flag cannot be read
     */
    public MigrationModes(List<String> resources, ModeSource source) {
        this.resources = List.copyOf(new LinkedHashSet<>(resources));
        this.known = Set.copyOf(this.resources);
        this.loader = new Loader(source);
        this.cache = Caffeine.newBuilder().build(loader);
        try {
            cache.getAll(this.resources);
        } catch (CompletionException e) {
            throw new FlagStoreException("cannot read the migration flags: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * The mode serving {@code namespace} of {@code resource}: mode 0 for a resource that has no flag, or whose
     * feature is off. Never blocks on the database.
     */
    public Mode modeOf(String resource, String namespace) {
        ResourceModes modes = cache.getIfPresent(resource);
        return modes == null ? Mode.LEGACY : modes.modeOf(namespace);
    }

    /**
     * The whole flag of {@code resource}.
     *
     * @throws IllegalArgumentException when the resource has no flag
     */
    public ResourceModes state(String resource) {
        if (!knows(resource)) {
            throw new IllegalArgumentException("no migration flag for resource '" + resource + "' (flagged: "
                    + String.join(", ", resources) + ")");
        }
        return cache.get(resource);
    }

    /** The flagged resources, in the order they were given. */
    public List<String> resources() {
        return resources;
    }

    public boolean knows(String resource) {
        return known.contains(resource);
    }

    /**
     * Runs {@code listener} after this process starts serving a changed flag (on the thread that changed it), so that the
     * process can tell the others what it serves without waiting for its next heartbeat.
     */
    public void onChange(Runnable listener) {
        this.onChange = listener;
    }

    /** Takes a state this process has just committed, so that its next request already sees it. */
    void put(ResourceModes modes) {
        replace(modes);
    }

    /**
     * Re-reads one resource's flag now, on the caller's thread (another replica changed it). Not Caffeine's
     * {@code refresh}: that joins a re-read already in flight, which may have read the flag before this change.
     */
    void reload(String resource) {
        if (knows(resource)) {
            replace(loader.reload(resource, cache.get(resource)));
        }
    }

    private void replace(ResourceModes modes) {
        ResourceModes before = cache.asMap().put(modes.resource(), modes);
        if (!modes.equals(before)) {
            onChange.run();
        }
    }

    /** Re-reads every flag now (change notifications may have been missed), on the caller's thread. */
    void reloadAll() {
        resources.forEach(this::reload);
    }

    /** Loads through the source; a failed re-read keeps the last known state and says so in one log line. */
    private record Loader(ModeSource source) implements CacheLoader<String, ResourceModes> {
        @Override
        public ResourceModes load(String resource) throws SQLException {
            return source.load(resource);
        }

        @Override
        public ResourceModes reload(String resource, ResourceModes last) {
            try {
                return source.load(resource);
            } catch (SQLException | RuntimeException e) {
                LOG.warn("cannot re-read the migration flag of {}, keeping mode {} ({})", resource, last.defaultMode(), e.getMessage());
                return last;
            }
        }
    }
}
