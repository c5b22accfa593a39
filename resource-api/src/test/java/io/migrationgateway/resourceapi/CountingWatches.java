package io.migrationgateway.resourceapi;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/** A store that counts the watches open on it, to see the handler release them. */
final class CountingWatches extends ForwardingStore {
    final AtomicInteger open = new AtomicInteger();

    private CountingWatches(ResourceStore store) {
        super(store);
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
        Watch watch = super.watch(groupResource, options);
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
}
