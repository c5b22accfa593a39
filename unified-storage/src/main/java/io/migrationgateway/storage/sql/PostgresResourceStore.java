package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectHistory;
import io.migrationgateway.storage.ObjectImport;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.SearchHit;
import io.migrationgateway.storage.SearchQuery;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Reason;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ResourceStore} on PostgreSQL, in the tables {@link UnifiedStorageSchema} creates. The data source's
 * connections must use that schema (for example {@code currentSchema} in the JDBC URL, or the pool's schema) and
 * PostgreSQL's default isolation, READ COMMITTED (the store raises it itself where it needs a snapshot).
 *
 * <p>Beyond the interface's contract: an update that changes nothing (same object after the store's own metadata
 * is applied) writes nothing and returns the stored object with its old resource version, as the apiserver does.
 * Watches are fed in process, or, with {@link StorageSettings#ha()}, by polling history so that every store on the
 * database sees every store's writes. History older than {@link StorageSettings#historyRetention()} is compacted
 * in the background; watches and continued lists from before the compaction get EXPIRED.
 *
 * <p>Searches ({@link ObjectSearch}) read the search columns every write keeps with the object, for the kinds
 * {@link StorageSettings#searchable()} declares; a new store first fills in those of rows written without them.
 *
 * <p>Starts daemon threads (compaction; the poller when HA); {@link #close()} stops them and ends open watches.
 */
public final class PostgresResourceStore implements ResourceStore, ObjectImport, ObjectSearch, ObjectHistory, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresResourceStore.class);
    // Each attempt loses only to a write that committed since its read, so a bound this high is only reached by a
    // livelock; 10 would fail real callers when a handful of writers patch one object at once.
    private static final int GUARANTEED_UPDATE_ATTEMPTS = 100;
    /** Objects per page of a watch's starting list: what a watch holds of them at a time. */
    private static final int WATCH_LIST_PAGE = 500;

    private final StorageSettings settings;
    private final Transactions transactions;
    private final ObjectRows rows;
    private final ListQuery lists;
    private final HistoryReader history;
    private final HistoryCompaction compaction;
    private final VersionQueries versions;
    private final WatchHub hub = new WatchHub();
    private final HistoryPoller poller;
    private final ObjectWrites writes;
    private final ObjectImports imports;
    private final ScheduledExecutorService compactor;

    public PostgresResourceStore(DataSource dataSource, Clock clock, StorageSettings settings) {
        Objects.requireNonNull(dataSource, "dataSource");
        Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.transactions = new Transactions(dataSource, settings.requestTimeout());
        // numbers as they were written (1E-9 and 1.50 stay so), as the legacy side answers them
        this.rows = new ObjectRows(RawValues.JSON, settings.searchable(), settings.maxObjectBytes());
        this.lists = new ListQuery(rows);
        this.history = new HistoryReader(rows);
        this.compaction = new HistoryCompaction(transactions.unbounded(), clock, settings.versionsKept());
        this.versions = new VersionQueries(rows);
        this.poller = settings.ha() ? new HistoryPoller(transactions, history, hub, settings.pollInterval()) : null;
        ChangeFeed feed = poller != null ? poller : hub::publish;
        ObjectRules rules = new ObjectRules(clock, settings.names());
        this.writes = new ObjectWrites(transactions, new ResourceVersionCounter(clock), rules, rows, lists, feed);
        this.imports = new ObjectImports(writes, rules, rows);
        new SearchBackfill(transactions.unbounded(), rows).fillIn(settings.searchable());
        this.compactor = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("unified-storage-compaction").factory());
        long every = settings.compactionInterval().toMillis();
        compactor.scheduleWithFixedDelay(this::compactQuietly, every, every, TimeUnit.MILLISECONDS);
    }

    @Override
    public ObjectNode get(ObjectKey key) {
        return rows.parse(getJson(key));
    }

    /** The stored text, unparsed (one statement, no transaction of its own). */
    @Override
    public byte[] getJson(ObjectKey key) {
        byte[] found = transactions.single("get " + key.groupResource(), c -> rows.findJson(c, key));
        if (found == null) {
            throw StorageException.notFound(key);
        }
        return found;
    }

    /** One read for both, the folder found by the {@code folder} column every write keeps. */
    @Override
    public InFolder getInFolder(ObjectKey key, GroupResource folderKind, String folderPointer) {
        InFolder found = transactions.single("get " + key.groupResource(), c -> rows.findInFolder(c, key, folderKind));
        if (found == null) {
            throw StorageException.notFound(key);
        }
        return found;
    }

    /** One read for every name. */
    @Override
    public List<ObjectNode> getAll(GroupResource groupResource, String namespace, List<String> names) {
        List<ObjectKey> keys = names.stream().map(name -> new ObjectKey(groupResource, namespace, name)).toList();
        Map<ObjectKey, ObjectNode> found = transactions.single("get objects of " + groupResource,
            c -> rows.findAll(c, groupResource, keys));
        return keys.stream().filter(found::containsKey).map(found::get).toList();
    }

    @Override
    public ListPage list(GroupResource groupResource, ListOptions options) {
        return transactions.snapshot("list " + groupResource, c -> lists.page(c, groupResource, options));
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        return transactions.single("search " + query.kinds().getFirst().kind(), c -> SearchQueries.page(c, query));
    }

    @Override
    public List<TagCount> tagCounts(GroupResource groupResource, String namespace) {
        return transactions.single("count the tags of " + groupResource, c -> SearchQueries.tagCounts(c, groupResource, namespace));
    }

    @Override
    public List<ObjectNode> versions(ObjectKey key, long offset, int limit) {
        return transactions.snapshot("read the versions of " + key.groupResource(), c -> versions.page(c, key, offset, limit));
    }

    @Override
    public Optional<ObjectNode> version(ObjectKey key, long generation) {
        return Optional.ofNullable(transactions.single("read a version of " + key.groupResource(),
            c -> versions.at(c, key, generation)));
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        return writes.create(groupResource, object);
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        return writes.update(groupResource, object);
    }

    @Override
    public ImportResult importNewer(GroupResource groupResource, List<ObjectNode> objects, List<ObjectNode> earlierVersions,
                                    long readAfter, SameTransaction alsoCommit) {
        return imports.importNewer(groupResource, List.copyOf(objects), List.copyOf(earlierVersions), readAfter,
            Objects.requireNonNull(alsoCommit, "alsoCommit"));
    }

    @Override
    public long latestResourceVersion(GroupResource groupResource) {
        return transactions.single("read the resource version of " + groupResource,
            c -> ResourceVersionCounter.current(c, groupResource));
    }

    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        StorageException conflict = null;
        for (int attempt = 0; attempt < GUARANTEED_UPDATE_ATTEMPTS; attempt++) {
            ObjectNode current = get(key);
            String readVersion = current.path("metadata").path("resourceVersion").asText();
            ObjectNode changed = Objects.requireNonNull(change.apply(current), "the update function returned null");
            ObjectNode meta = ObjectRules.metadata(key.groupResource(), changed);
            keepKey(key, meta);
            meta.put("resourceVersion", readVersion);
            try {
                return writes.update(key.groupResource(), changed);
            } catch (StorageException e) {
                if (e.reason() != Reason.CONFLICT) {
                    throw e;
                }
                conflict = e;
            }
        }
        throw conflict;
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        return writes.delete(key, Objects.requireNonNull(preconditions, "preconditions"));
    }

    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        return writes.deleteCollection(groupResource, options);
    }

    @Override
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        String requested = options.resourceVersion();
        boolean fromState = requested == null || requested.isEmpty() || requested.equals("0");
        long after = fromState ? 0 : parseResourceVersion(requested);
        WatchSubscription subscription = new WatchSubscription(groupResource,
            new WatchFilter(options.namespace(), options.labels(), options.fields()), settings.watchBuffer(),
            (rv, limit) -> transactions.snapshot("replay history of " + groupResource,
                c -> history.replay(c, groupResource, rv, limit)),
            hub::unsubscribe);
        // Subscribed before the starting point is read: whatever commits meanwhile is buffered, not lost.
        hub.subscribe(subscription);
        try {
            if (fromState) {
                ListPage first = list(groupResource, new ListOptions(options.namespace(), options.labels(),
                    options.fields(), WATCH_LIST_PAGE, null));
                subscription.startFromState(first, token -> list(groupResource, new ListOptions(options.namespace(),
                    options.labels(), options.fields(), WATCH_LIST_PAGE, token)));
            } else {
                List<Change> firstPage = transactions.snapshot("start watch of " + groupResource,
                    c -> history.replay(c, groupResource, after, WatchSubscription.REPLAY_PAGE));
                subscription.startAfter(after, firstPage);
            }
            return subscription;
        } catch (RuntimeException e) {
            hub.unsubscribe(subscription);
            throw e;
        }
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        return transactions.readCommitted("read the resource version of " + groupResource,
            c -> ResourceVersionCounter.current(c, groupResource));
    }

    /**
     * Compacts history now: drops what no watch or continued list from (now - {@code age}) on can need, and marks
     * everything older as expired (never past the latest version of a group-resource). The store runs this with
     * {@link StorageSettings#historyRetention()} every {@link StorageSettings#compactionInterval()}.
     */
    public void compactOlderThan(Duration age) {
        compaction.compactOlderThan(age);
    }

    /** Stops the background threads and ends every open watch. */
    @Override
    public void close() {
        compactor.shutdownNow();
        if (poller != null) {
            poller.close();
        }
        hub.closeAll();
    }

    private void compactQuietly() {
        try {
            compaction.compactOlderThan(settings.historyRetention());
        } catch (RuntimeException e) {
            LOG.warn("history compaction failed; retrying in {}", settings.compactionInterval(), e);
        }
    }

    /** The update function may drop name or namespace (they are filled in) but not move the object. */
    private static void keepKey(ObjectKey key, ObjectNode meta) {
        String name = ObjectRules.text(meta, "name");
        String namespace = ObjectRules.text(meta, "namespace");
        if (!name.isEmpty() && !name.equals(key.name())) {
            throw new StorageException(Reason.BAD_REQUEST, key,
                "the name of the object (" + name + ") does not match the name on the URL (" + key.name() + ")");
        }
        if (!namespace.isEmpty() && !namespace.equals(key.namespace())) {
            throw new StorageException(Reason.BAD_REQUEST, key,
                "the namespace of the provided object does not match the namespace sent on the request");
        }
        meta.put("name", key.name());
        if (!key.namespace().isEmpty()) {
            meta.put("namespace", key.namespace());
        }
    }

    private static long parseResourceVersion(String text) {
        try {
            long rv = Long.parseLong(text);
            if (rv >= 0) {
                return rv;
            }
        } catch (NumberFormatException ignored) {
            // refused below with the caller's text
        }
        throw new StorageException(Reason.BAD_REQUEST, null, "invalid resource version: " + text);
    }
}
