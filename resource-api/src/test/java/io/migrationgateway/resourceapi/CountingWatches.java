package io.migrationgateway.resourceapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/** A store that counts the watches open on it, to see the handler release them. */
final class CountingWatches implements ResourceStore {
    final AtomicInteger open = new AtomicInteger();
    private final ResourceStore store;

    private CountingWatches(ResourceStore store) {
        this.store = store;
    }

    static CountingWatches[] holder() {
        return new CountingWatches[1];
    }

    /** A decorator for {@link ApiServer} that leaves the counting store in {@code holder[0]}. */
    static UnaryOperator<ResourceStore> into(CountingWatches[] holder) {
        return store -> holder[0] = new CountingWatches(store);
    }

    @Override
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        Watch watch = store.watch(groupResource, options);
        open.incrementAndGet();
        return new Watch() {
            private boolean closed;

            @Override
            public WatchEvent poll(Duration timeout) throws InterruptedException {
                return watch.poll(timeout);
            }

            @Override
            public boolean isDone() {
                return watch.isDone();
            }

            @Override
            public synchronized void close() {
                if (!closed) {
                    closed = true;
                    open.decrementAndGet();
                }
                watch.close();
            }
        };
    }

    @Override
    public ObjectNode get(ObjectKey key) {
        return store.get(key);
    }

    @Override
    public ListPage list(GroupResource groupResource, ListOptions options) {
        return store.list(groupResource, options);
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        return store.create(groupResource, object);
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        return store.update(groupResource, object);
    }

    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        return store.guaranteedUpdate(key, change);
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        return store.delete(key, preconditions);
    }

    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        return store.deleteCollection(groupResource, options);
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        return store.currentResourceVersion(groupResource);
    }
}
