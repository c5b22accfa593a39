package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Reason;
import io.migrationgateway.storage.WatchEvent.Type;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import io.migrationgateway.storage.StorageUnavailableException;
import java.util.concurrent.TimeUnit;
import java.time.Duration;

/**
 * Every write: one transaction that holds its group-resource's counter lock from start to commit (so it sees
 * every earlier write and versions commit in order), applies the object rules, writes the current row and a
 * history row, then hands the committed changes to the feed. A per-group-resource lock in this process spans
 * transaction and hand-over, so the in-process feed publishes in version order too.
 */
final class ObjectWrites {
    private static final int GENERATE_NAME_ATTEMPTS = 8;
    private static final String UNIQUE_VIOLATION = "23505";
    /** The continue token of a partial delete collection: the same call deletes the next batch. */
    private static final String MORE = "more";

    /** The work of one write transaction; {@code changes} collects what to publish after the commit. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c, ResourceVersionCounter.Allocation versions, List<Change> changes) throws SQLException;
    }

    private final Transactions transactions;
    private final ResourceVersionCounter counter;
    private final ObjectRules rules;
    private final ObjectRows rows;
    private final ListQuery lists;
    private final ChangeFeed feed;
    private final ConcurrentHashMap<GroupResource, ReentrantLock> locks = new ConcurrentHashMap<>();

    ObjectWrites(Transactions transactions, ResourceVersionCounter counter, ObjectRules rules, ObjectRows rows,
                 ListQuery lists, ChangeFeed feed) {
        this.transactions = transactions;
        this.counter = counter;
        this.rules = rules;
        this.rows = rows;
        this.lists = lists;
        this.feed = feed;
    }

    ObjectNode create(GroupResource groupResource, ObjectNode object) {
        ObjectNode candidate = object.deepCopy();
        ObjectNode meta = ObjectRules.metadata(groupResource, candidate);
        String namespace = ObjectRules.text(meta, "namespace");
        ObjectRules.validateNamespace(groupResource, candidate, namespace);
        String name = ObjectRules.text(meta, "name");
        if (!name.isEmpty()) {
            rules.validateName(groupResource, candidate, "metadata.name", name);
            return insert(new ObjectKey(groupResource, namespace, name), candidate);
        }
        String prefix = ObjectRules.text(meta, "generateName");
        if (prefix.isEmpty()) {
            throw ObjectRules.nameRequired(groupResource, candidate, "name or generateName is required");
        }
        StorageException taken = null;
        for (int attempt = 0; attempt < GENERATE_NAME_ATTEMPTS; attempt++) {
            String generated = rules.generateName(prefix);
            meta.put("name", generated);
            rules.validateName(groupResource, candidate, "metadata.generateName", generated);
            try {
                return insert(new ObjectKey(groupResource, namespace, generated), candidate);
            } catch (StorageException e) {
                if (e.reason() != Reason.ALREADY_EXISTS) {
                    throw e;
                }
                taken = e;
            }
        }
        throw taken;
    }

    /** Replaces the object; a non-empty {@code metadata.resourceVersion} must be the stored one. */
    ObjectNode update(GroupResource groupResource, ObjectNode object) {
        ObjectNode candidate = object.deepCopy();
        ObjectNode meta = ObjectRules.metadata(groupResource, candidate);
        String name = ObjectRules.text(meta, "name");
        if (name.isEmpty()) {
            throw ObjectRules.nameRequired(groupResource, candidate, "name is required");
        }
        ObjectKey key = new ObjectKey(groupResource, ObjectRules.text(meta, "namespace"), name);
        String expected = ObjectRules.text(meta, "resourceVersion");
        return write(groupResource, "update " + groupResource, (c, versions, changes) -> {
            ObjectNode stored = rows.find(c, key);
            if (stored == null) {
                throw StorageException.notFound(key);
            }
            long storedVersion = ObjectRules.resourceVersion(stored);
            if (!expected.isEmpty() && !expected.equals(Long.toString(storedVersion))) {
                throw StorageException.modified(key);
            }
            ObjectRules.setUpdated(groupResource, candidate, stored);
            if (ObjectRules.sameJson(candidate, stored)) {
                // As the apiserver does: an update that changes nothing writes nothing and keeps the version.
                return stored;
            }
            long rv = versions.next();
            ObjectRules.setResourceVersion(candidate, rv);
            rows.update(c, key, candidate, rv, storedVersion);
            changes.add(new Change(Type.MODIFIED, rv, key.namespace(), key.name(), candidate, stored));
            return candidate.deepCopy();
        });
    }

    ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        return write(key.groupResource(), "delete " + key.groupResource(), (c, versions, changes) -> {
            ObjectNode stored = rows.find(c, key);
            if (stored == null) {
                throw StorageException.notFound(key);
            }
            ObjectRules.checkPreconditions(key, stored, preconditions);
            return deleteStored(c, versions, changes, key, stored);
        });
    }

    /** Deletes what {@code options} selects, at most {@code options.limit()} objects (0: all) in one transaction. */
    ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        ListOptions batch = new ListOptions(options.namespace(), options.labels(), options.fields(), options.limit(), null);
        return write(groupResource, "delete collection of " + groupResource, (c, versions, changes) -> {
            ListPage selected = lists.page(c, groupResource, batch);
            List<ObjectNode> deleted = new ArrayList<>();
            for (ObjectNode stored : selected.items()) {
                JsonNode meta = stored.path("metadata");
                ObjectKey key = new ObjectKey(groupResource, meta.path("namespace").asText(""), meta.path("name").asText());
                deleted.add(deleteStored(c, versions, changes, key, stored));
            }
            return new ListPage(deleted, versions.last(), selected.continueToken() == null ? null : MORE, null);
        });
    }

    private ObjectNode insert(ObjectKey key, ObjectNode candidate) {
        return write(key.groupResource(), "create " + key.groupResource(), (c, versions, changes) -> {
            long rv = versions.next();
            rules.setCreated(key.groupResource(), candidate, rv);
            try {
                rows.insert(c, key, candidate, rv);
            } catch (SQLException e) {
                if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw StorageException.alreadyExists(key);
                }
                throw e;
            }
            changes.add(new Change(Type.ADDED, rv, key.namespace(), key.name(), candidate, null));
            return candidate.deepCopy();
        });
    }

    private ObjectNode deleteStored(Connection c, ResourceVersionCounter.Allocation versions, List<Change> changes,
                                    ObjectKey key, ObjectNode stored) throws SQLException {
        long rv = versions.next();
        ObjectNode last = stored.deepCopy();
        ObjectRules.setResourceVersion(last, rv);
        rows.delete(c, key, last, rv, ObjectRules.resourceVersion(stored));
        changes.add(new Change(Type.DELETED, rv, key.namespace(), key.name(), last, last));
        return last.deepCopy();
    }

    /**
     * Takes the group-resource's write lock, waiting at most {@code bound} (zero: as long as it takes): behind a writer
     * whose database has stalled, a request fails as unavailable instead of waiting for it.
     */
    private static void lockWithin(ReentrantLock lock, Duration bound, GroupResource groupResource) {
        if (bound.isZero()) {
            lock.lock();
            return;
        }
        try {
            if (!lock.tryLock(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new StorageUnavailableException("unified storage could not write " + groupResource
                    + ": another write of it has waited for the database for " + bound, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while waiting to write " + groupResource, e);
        }
    }

    /** Runs {@code work} as one write transaction of {@code groupResource}, then publishes its changes. */
    <T> T write(GroupResource groupResource, String operation, Work<T> work) {
        return write(transactions, groupResource, operation, work);
    }

    /** {@link #write}, waiting for the database as long as it takes: an import of many objects in one transaction. */
    <T> T writeUnbounded(GroupResource groupResource, String operation, Work<T> work) {
        return write(transactions.unbounded(), groupResource, operation, work);
    }

    private <T> T write(Transactions on, GroupResource groupResource, String operation, Work<T> work) {
        ReentrantLock lock = locks.computeIfAbsent(groupResource, gr -> new ReentrantLock());
        // The pooled connection is taken before the lock: a writer waiting for the pool while holding the lock would
        // make every other writer of the group-resource wait for the pool too.
        return on.withConnection(operation, c -> {
            lockWithin(lock, on.bound(), groupResource);
            try {
                List<Change> changes = new ArrayList<>();
                T result = Transactions.inTransaction(c, tx -> {
                    ResourceVersionCounter.Allocation versions = counter.lock(tx, groupResource);
                    T out = work.run(tx, versions, changes);
                    versions.save(tx);
                    return out;
                });
                if (!changes.isEmpty()) {
                    feed.committed(groupResource, changes);
                }
                return result;
            } finally {
                lock.unlock();
            }
        });
    }
}
