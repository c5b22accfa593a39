package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HA change feed (Grafana's polling notifier): every poll interval, one query for the latest resource version
 * of every group-resource, then, for each one that moved and has watchers here, the history rows after the last
 * one seen, published in order. Rows of a group-resource nobody watches are skipped: a watch that subscribes later
 * reads them from history itself, because the counters were read before the "has watchers" check.
 */
final class HistoryPoller implements ChangeFeed, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryPoller.class);
    private static final int BATCH = 1000;

    private final Transactions transactions;
    private final HistoryReader history;
    private final WatchHub hub;
    private final Duration interval;
    private final Semaphore wakeups = new Semaphore(0);
    private final Map<GroupResource, Long> lastSeen = new HashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    HistoryPoller(Transactions transactions, HistoryReader history, WatchHub hub, Duration interval) {
        this.transactions = transactions;
        this.history = history;
        this.hub = hub;
        this.interval = interval;
        // Changes already committed are no watcher's business: watches read what they need from history.
        lastSeen.putAll(transactions.readCommitted("read resource versions", ResourceVersionCounter::all));
        this.thread = Thread.ofPlatform().daemon().name("unified-storage-history-poller").unstarted(this::run);
        thread.start();
    }

    /** A local write committed: poll now rather than at the next tick. */
    @Override
    public void committed(GroupResource groupResource, List<Change> changes) {
        wakeups.release();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (running) {
            try {
                wakeups.tryAcquire(interval.toNanos(), TimeUnit.NANOSECONDS);
                wakeups.drainPermits();
                pollOnce();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // Nothing is lost: lastSeen did not move, the next tick reads the same rows again.
                LOG.warn("polling resource_history failed; retrying in {}", interval, e);
            }
        }
    }

    private void pollOnce() {
        Map<GroupResource, Long> latest = transactions.readCommitted("read resource versions", ResourceVersionCounter::all);
        latest.forEach((groupResource, rv) -> {
            long seen = lastSeen.getOrDefault(groupResource, 0L);
            if (rv <= seen) {
                return;
            }
            if (!hub.hasSubscribers(groupResource)) {
                lastSeen.put(groupResource, rv);
                return;
            }
            List<Change> batch;
            do {
                long after = seen;
                batch = transactions.readCommitted("poll history of " + groupResource,
                    c -> history.after(c, groupResource, after, BATCH));
                hub.publish(groupResource, batch);
                if (!batch.isEmpty()) {
                    seen = batch.getLast().resourceVersion();
                    lastSeen.put(groupResource, seen);
                }
            } while (batch.size() == BATCH && running);
        });
    }
}
