package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchOptions;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Unified storage that fails on demand, for fault tests: writes of the names {@link #failWritesOf} picks fail in turn
 * with a connection reset, a timeout (the write is slow, then lands: what a timed-out write does), and a database error;
 * {@link #down} fails everything; {@link #holdRead} stops a reader after its read, to force an interleaving.
 */
public final class FailingStore implements ResourceStore {
    private final ResourceStore store;
    private final long slowMillis;
    private final AtomicInteger faults = new AtomicInteger();
    private volatile Predicate<String> failing = name -> false;
    private volatile boolean down;
    private volatile boolean slowReads;
    private final AtomicReference<Hold> hold = new AtomicReference<>();

    public FailingStore(ResourceStore store, long slowMillis) {
        this.store = store;
        this.slowMillis = slowMillis;
    }

    public void failWritesOf(Predicate<String> names) {
        this.failing = names;
    }

    public void down(boolean down) {
        this.down = down;
    }

    /** Every read takes the slow time first: a shadow side that is far slower than the legacy side. */
    public void slowReads(boolean slow) {
        this.slowReads = slow;
    }

    /**
     * The next read that returns an object {@code which} picks waits, once it has read it, until {@code release} opens
     * (at most 30 s); {@code held} opens when it starts waiting.
     */
    public void holdRead(Predicate<ObjectNode> which, CountDownLatch held, CountDownLatch release) {
        hold.set(new Hold(which, held, release));
    }

    private record Hold(Predicate<ObjectNode> which, CountDownLatch held, CountDownLatch release) {
    }

    /** Faults injected so far. */
    public int faults() {
        return faults.get();
    }

    private void read() {
        if (down) {
            throw new StorageUnavailableException("connection refused (unified storage is down)", null);
        }
    }

    private void slowRead() {
        read();
        if (slowReads) {
            try {
                Thread.sleep(slowMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StorageUnavailableException("interrupted while slow", e);
            }
        }
    }

    private void write(String name) {
        read();
        if (!failing.test(name)) {
            return;
        }
        switch (faults.getAndIncrement() % 3) {
            case 0 -> throw new StorageUnavailableException("I/O error: connection reset by peer", null);
            case 1 -> {
                try {
                    Thread.sleep(slowMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StorageUnavailableException("interrupted while slow", e);
                }
            }
            default -> throw new StorageUnavailableException("ERROR: could not serialize access (injected)", null);
        }
    }

    @Override
    public ObjectNode get(ObjectKey key) {
        slowRead();
        ObjectNode object = store.get(key);
        Hold armed = hold.get();
        if (armed != null && armed.which().test(object) && hold.compareAndSet(armed, null)) {
            armed.held().countDown();
            try {
                armed.release().await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return object;
    }

    @Override
    public ListPage list(GroupResource groupResource, ListOptions options) {
        read();
        return store.list(groupResource, options);
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        write(object.path("metadata").path("name").asText());
        return store.create(groupResource, object);
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        write(object.path("metadata").path("name").asText());
        return store.update(groupResource, object);
    }

    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        write(key.name());
        return store.guaranteedUpdate(key, change);
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        write(key.name());
        return store.delete(key, preconditions);
    }

    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        read();
        return store.deleteCollection(groupResource, options);
    }

    @Override
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        read();
        return store.watch(groupResource, options);
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        read();
        return store.currentResourceVersion(groupResource);
    }
}
