package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.NameRule;
import io.migrationgateway.model.SearchableFields;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How a {@link PostgresResourceStore} runs.
 *
 * @param ha                 whether several stores (gateway replicas) share the database: watches are then fed by
 *                           polling {@code resource_history} instead of in process, so every replica sees every
 *                           replica's writes
 * @param pollInterval       how often the HA poller looks for new history rows (Grafana's default: 100 ms)
 * @param watchBuffer        events one watch may hold before it is ended with 410 Expired
 * @param historyRetention   how long history is kept for watches and continued lists to resume from
 * @param compactionInterval how often history older than {@code historyRetention} is compacted
 * @param searchable         what each kind declares searchable (a kind not named has nothing searchable)
 * @param versionsKept       how many of each object's latest versions (generations) compaction keeps, per kind, for
 *                           {@link io.migrationgateway.storage.ObjectHistory} (a kind not named keeps only what
 *                           watches and lists need)
 * @param maxObjectBytes     the largest object kept, as its stored JSON; a larger write is refused
 *                           ({@link io.migrationgateway.storage.StorageException.Reason#TOO_LARGE})
 * @param requestTimeout     the longest a request's operation waits for each answer of the database (and for the
 *                           write lock of its group-resource) before it fails as unavailable; zero = no bound.
 *                           Compaction, indexing and imports are not bounded
 */
public record StorageSettings(boolean ha, Duration pollInterval, int watchBuffer, Duration historyRetention,
                              Duration compactionInterval, NameRule names, Map<GroupResource, SearchableFields> searchable,
                              Map<GroupResource, Integer> versionsKept, int maxObjectBytes,
                              Duration requestTimeout) {
    /** The default largest object: 10 MiB, the legacy request limit of translated routes. */
    public static final int DEFAULT_MAX_OBJECT_BYTES = 10 * 1024 * 1024;

    public StorageSettings {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isNegative()) {
            throw new IllegalArgumentException("requestTimeout must not be negative, got " + requestTimeout);
        }
        if (maxObjectBytes < 1024) {
            throw new IllegalArgumentException("maxObjectBytes must be at least 1024, got " + maxObjectBytes);
        }
        Objects.requireNonNull(names, "names");
        searchable = Map.copyOf(searchable);
        versionsKept = Map.copyOf(versionsKept);
        versionsKept.forEach((kind, kept) -> {
            if (kept < 0) {
                throw new IllegalArgumentException("versions kept of " + kind + " must not be negative, got " + kept);
            }
        });
        Objects.requireNonNull(pollInterval, "pollInterval");
        Objects.requireNonNull(historyRetention, "historyRetention");
        Objects.requireNonNull(compactionInterval, "compactionInterval");
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive, got " + pollInterval);
        }
        if (watchBuffer < 1) {
            throw new IllegalArgumentException("watchBuffer must be at least 1, got " + watchBuffer);
        }
        if (historyRetention.isNegative()) {
            throw new IllegalArgumentException("historyRetention must not be negative, got " + historyRetention);
        }
        if (compactionInterval.isNegative() || compactionInterval.isZero()) {
            throw new IllegalArgumentException("compactionInterval must be positive, got " + compactionInterval);
        }
    }

    /**
     * Single node, 100 ms polling (when HA), 1000 buffered events per watch, one day of history compacted every minute,
     * nothing searchable, no versions kept past compaction.
     */
    public static StorageSettings defaults() {
        return new StorageSettings(false, Duration.ofMillis(100), 1000, Duration.ofHours(24), Duration.ofMinutes(1),
                NameRule.DNS_1123_SUBDOMAIN, Map.of(), Map.of(), DEFAULT_MAX_OBJECT_BYTES, Duration.ZERO);
    }

    /** The same settings, accepting the names {@code rule} accepts (Grafana's kinds: {@link NameRule#GRAFANA}). */
    public StorageSettings withNames(NameRule rule) {
        return new StorageSettings(ha, pollInterval, watchBuffer, historyRetention, compactionInterval, rule, searchable, versionsKept,
                maxObjectBytes, requestTimeout);
    }

    public StorageSettings withHa(boolean value) {
        return new StorageSettings(value, pollInterval, watchBuffer, historyRetention, compactionInterval, names, searchable, versionsKept,
                maxObjectBytes, requestTimeout);
    }

    public StorageSettings withWatchBuffer(int value) {
        return new StorageSettings(ha, pollInterval, value, historyRetention, compactionInterval, names, searchable, versionsKept,
                maxObjectBytes, requestTimeout);
    }

    /** The same settings, with {@code value} as what each kind declares searchable. */
    public StorageSettings withSearchable(Map<GroupResource, SearchableFields> value) {
        return new StorageSettings(ha, pollInterval, watchBuffer, historyRetention, compactionInterval, names, value, versionsKept,
                maxObjectBytes, requestTimeout);
    }

    /** The same settings, keeping objects up to {@code value} bytes as stored. */
    public StorageSettings withMaxObjectBytes(int value) {
        return new StorageSettings(ha, pollInterval, watchBuffer, historyRetention, compactionInterval, names, searchable, versionsKept,
                value, requestTimeout);
    }

    /** The same settings, bounding a request's wait for the database by {@code value} (zero: no bound). */
    public StorageSettings withRequestTimeout(Duration value) {
        return new StorageSettings(ha, pollInterval, watchBuffer, historyRetention, compactionInterval, names, searchable, versionsKept,
                maxObjectBytes, value);
    }

    /** The same settings, keeping {@code value} versions of each object of the kinds named. */
    public StorageSettings withVersionsKept(Map<GroupResource, Integer> value) {
        return new StorageSettings(ha, pollInterval, watchBuffer, historyRetention, compactionInterval, names, searchable, value,
                maxObjectBytes, requestTimeout);
    }
}
