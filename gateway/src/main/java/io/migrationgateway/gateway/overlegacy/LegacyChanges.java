package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Namespaces;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes of one resource kept by the legacy deployment, numbered for watchers. Changes made through the
 * gateway's own Resource API are seen at once; changes made around the gateway (directly on the legacy deployment)
 * are found by polling the legacy database's change markers ({@link ChangeQuery}) every {@code pollInterval}, so they
 * reach watchers within that delay. Without a legacy database, only the gateway's own changes are seen.
 *
 * <p>Memory: a poll streams the rows through a cursor and compares each with the compact {@link RowMarkers} of the poll
 * before (a few tens of bytes per row, no object per row); the change history is bounded ({@value #HISTORY} changes).
 *
 * <p>Versions: a change gets the next number of a counter that starts at this process's start time in microseconds,
 * so numbers grow across restarts. A watch may resume from any number since polling (re)started; older numbers are
 * answered 410 Expired and the client lists again, as with the apiserver. Polling runs while a watch is open and for
 * {@code linger} after the last list, so that the usual list-then-watch loses nothing in between.
 *
 * <p>Thread-safe.
 */
final class LegacyChanges implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LegacyChanges.class);
    private static final int HISTORY = 10_000;
    /** Rows a poll's cursor fetches at a time. */
    private static final int FETCH_SIZE = 1_000;

    /** One change of one object. */
    record Change(WatchEvent.Type type, String namespace, String name, long version) {
    }

    /**
     * Where a change of an object shows in the legacy database: one row per object, as (org id, uid, a number that
     * moves on every change of the object).
     */
    record ChangeQuery(String sql) {
    }

    private final KindDeclaration kind;
    private final String resource;
    private final Optional<DataSource> legacyDatabase;
    private final Optional<ChangeQuery> query;
    private final Namespaces namespaces;
    private final ScheduledExecutorService poller;
    private final Duration pollInterval;
    private final Duration linger;
    private final Clock clock;
    private final List<LegacyWatch> watchers = new CopyOnWriteArrayList<>();
    private final ArrayDeque<Change> history = new ArrayDeque<>();

    private long version;
    private long resumableFrom;
    private RowMarkers snapshot; // null while not polling; changed by one poll at a time, outside the lock
    private ScheduledFuture<?> polling;
    private long lastUsedMillis;

    LegacyChanges(KindDeclaration kind, Optional<DataSource> legacyDatabase, Optional<ChangeQuery> query, Namespaces namespaces,
                  ScheduledExecutorService poller, Duration pollInterval, Duration linger, Clock clock) {
        this.kind = kind;
        this.resource = kind.qualifiedResource();
        this.legacyDatabase = legacyDatabase;
        this.query = query;
        this.namespaces = namespaces;
        this.poller = poller;
        this.pollInterval = pollInterval;
        this.linger = linger;
        this.clock = clock;
        this.version = clock.millis() * 1000;
        this.resumableFrom = version;
    }

    /** The latest change's number; starts polling (a first scan of the legacy rows) when it is not running. */
    synchronized long currentVersion() {
        ensurePolling();
        return version;
    }

    /**
     * The gateway changed an object of this resource: look at once (with a legacy database the poll finds it, so
     * watchers get it once; without one, the change the store reports is the only one there is).
     */
    void madeByGateway(Change change) {
        if (polls()) {
            poller.execute(this::pollSafely);
        } else {
            synchronized (this) {
                publish(new Change(change.type(), change.namespace(), change.name(), ++version));
            }
        }
    }

    /**
     * The gateway changed only what it keeps of an object beside the legacy side (its labels, annotations...): no legacy
     * row changed, so no poll would find it; watchers get it from here.
     */
    synchronized void keptMetadataChanged(Change change) {
        publish(new Change(change.type(), change.namespace(), change.name(), ++version));
    }

    /** A watch for {@code store}'s caller; see {@link LegacyWatch}. */
    Watch watch(ResourceStore store, WatchOptions options, Set<String> visibleNamespaces) {
        LegacyWatch watch;
        synchronized (this) {
            ensurePolling();
            String from = options.resourceVersion();
            boolean fromNow = from == null || from.isEmpty() || from.equals("0");
            long start = fromNow ? version : parse(from);
            if (start < resumableFrom) {
                throw new StorageException(StorageException.Reason.EXPIRED, null, "too old resource version: " + start
                        + " (" + resumableFrom + ")");
            }
            watch = new LegacyWatch(store, kind, options, visibleNamespaces, this::release);
            for (Change change : history) {
                if (change.version() > start) {
                    watch.offer(change);
                }
            }
            watchers.add(watch);
            if (fromNow) {
                watch.startWithEveryObject(start);
            }
        }
        return watch;
    }

    private void release(LegacyWatch watch) {
        watchers.remove(watch);
        synchronized (this) {
            lastUsedMillis = clock.millis();
        }
    }

    private static long parse(String version) {
        try {
            return Long.parseLong(version);
        } catch (NumberFormatException e) {
            throw new StorageException(StorageException.Reason.BAD_REQUEST, null, "resourceVersion: Invalid value: \""
                    + version + "\": must be a number");
        }
    }

    private boolean polls() {
        return legacyDatabase.isPresent() && query.isPresent();
    }

    private void ensurePolling() {
        lastUsedMillis = clock.millis();
        if (!polls() || snapshot != null) {
            return;
        }
        try {
            RowMarkers first = new RowMarkers();
            read(first, (type, orgId, uid) -> {
                // the rows as they are when polling starts: no change to anyone
            });
            snapshot = first;
        } catch (SQLException e) {
            LOG.warn("{}: cannot read the legacy database, so changes made around the gateway are not watched: {}", resource,
                    e.getMessage());
            return;
        }
        resumableFrom = version; // changes while nobody polled are unknown: older versions cannot be resumed from
        polling = poller.scheduleWithFixedDelay(this::pollSafely, pollInterval.toMillis(), pollInterval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void pollSafely() {
        try {
            poll();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("{}: polling the legacy database for changes failed: {}", resource, e.getMessage());
        }
    }

    /** Runs on the poller thread only, so one pass at a time changes the snapshot; each difference is published at once. */
    private void poll() throws SQLException {
        RowMarkers rows;
        synchronized (this) {
            rows = snapshot;
        }
        if (rows == null) {
            return; // not polling
        }
        read(rows, this::publishFound);
        synchronized (this) {
            if (watchers.isEmpty() && clock.millis() - lastUsedMillis > linger.toMillis()) {
                polling.cancel(false);
                snapshot = null;
            }
        }
    }

    private synchronized void publishFound(WatchEvent.Type type, long orgId, String uid) {
        publish(new Change(type, namespaces.namespaceOf(orgId), uid, ++version));
    }

    private void publish(Change change) {
        history.addLast(change);
        if (history.size() > HISTORY) {
            resumableFrom = history.removeFirst().version();
        }
        watchers.forEach(watch -> watch.offer(change));
    }

    /** One pass of {@code rows} over the legacy rows as they are now, streamed: memory is a fetch, not the table. */
    private void read(RowMarkers rows, RowMarkers.Differences differences) throws SQLException {
        try (Connection connection = legacyDatabase.orElseThrow().getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false); // the PostgreSQL driver fetches through a cursor only inside a transaction
            try (PreparedStatement statement = connection.prepareStatement(query.orElseThrow().sql())) {
                statement.setFetchSize(FETCH_SIZE);
                try (ResultSet result = statement.executeQuery()) {
                    rows.beginPass();
                    while (result.next()) {
                        rows.row(result.getLong(1), result.getString(2), result.getLong(3), differences);
                    }
                }
            } finally {
                connection.rollback(); // it only read
                connection.setAutoCommit(autoCommit);
            }
        }
        rows.endPass(differences);
    }

    @Override
    public synchronized void close() {
        if (polling != null) {
            polling.cancel(false);
        }
        watchers.forEach(LegacyWatch::close);
    }
}
