package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open watch. It subscribes to live changes before it reads its starting point (the current objects, or
 * history after a resource version), so nothing written meanwhile is missed; live changes at or below what the
 * start already covered are skipped, so nothing is sent twice. The current objects (a list at one resource version)
 * and history are read page by page on the consumer's thread, so a watch holds a page whatever the number of objects,
 * while live changes wait in a bounded buffer; when that buffer overflows, the watch sends what it holds and then a
 * 410 Expired ERROR, and ends.
 */
final class WatchSubscription implements Watch {
    static final int REPLAY_PAGE = 500;
    private static final Logger LOG = LoggerFactory.getLogger(WatchSubscription.class);

    /** History above a resource version, one page at a time. */
    @FunctionalInterface
    interface Replay {
        List<Change> after(long resourceVersion, int limit);
    }

    /** The page of a list that follows the page whose continue token is given. */
    @FunctionalInterface
    interface StatePages {
        ListPage after(String continueToken);
    }

    private final GroupResource groupResource;
    private final WatchFilter filter;
    private final int capacity;
    private final Replay replay;
    private final Consumer<WatchSubscription> unsubscribe;

    // Consumer thread only.
    private final ArrayDeque<WatchEvent> replayed = new ArrayDeque<>();
    private boolean replayExhausted;
    private StatePages statePages;
    private String stateToken; // the next page of the starting list, null once it is read

    // Everything at or below was sent (or filtered out) by the replay: producers may skip it.
    private volatile long covered;
    private volatile boolean done;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<WatchEvent> live = new ArrayDeque<>();
    private boolean overflowed;
    private boolean closed;

    WatchSubscription(GroupResource groupResource, WatchFilter filter, int capacity, Replay replay,
                      Consumer<WatchSubscription> unsubscribe) {
        this.groupResource = groupResource;
        this.filter = filter;
        this.capacity = capacity;
        this.replay = replay;
        this.unsubscribe = unsubscribe;
    }

    GroupResource groupResource() {
        return groupResource;
    }

    /**
     * Starts with an ADDED event per current object (already selected) of a list, of which {@code firstPage} is the
     * first page and {@code more} reads the others, all at the first page's resource version.
     */
    void startFromState(ListPage firstPage, StatePages more) {
        covered = firstPage.resourceVersion();
        statePages = more;
        absorbState(firstPage);
    }

    /** Starts with the changes above {@code resourceVersion}, of which {@code firstPage} is the first page. */
    void startAfter(long resourceVersion, List<Change> firstPage) {
        covered = resourceVersion;
        absorb(firstPage);
    }

    /** Called by the publisher, in resource-version order. */
    void offer(Change change) {
        if (change.resourceVersion() <= covered) {
            return;
        }
        WatchEvent event = filter.toEvent(change);
        if (event == null) {
            return;
        }
        boolean overflow;
        lock.lock();
        try {
            if (closed || overflowed) {
                return;
            }
            overflow = live.size() >= capacity;
            if (overflow) {
                overflowed = true;
            } else {
                live.add(event);
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        if (overflow) {
            unsubscribe.accept(this);
        }
    }

    @Override
    public WatchEvent poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        // At least one page per call, so even a zero timeout makes progress through a replay.
        boolean firstPage = true;
        while (!done && replayed.isEmpty() && !replayExhausted && (firstPage || System.nanoTime() < deadline)) {
            firstPage = false;
            WatchEvent failure = readReplayPage();
            if (failure != null) {
                return failure;
            }
        }
        if (done) {
            return null;
        }
        if (!replayed.isEmpty()) {
            return copy(replayed.poll());
        }
        return replayExhausted ? nextLive(deadline) : null;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            done = true;
            live.clear();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        unsubscribe.accept(this);
    }

    private WatchEvent nextLive(long deadline) throws InterruptedException {
        lock.lock();
        try {
            while (true) {
                WatchEvent event;
                while ((event = live.poll()) != null) {
                    if (event.resourceVersion() > covered) {
                        covered = event.resourceVersion();
                        return copy(event);
                    }
                }
                if (closed) {
                    return null;
                }
                if (overflowed) {
                    return end(StatusObjects.expired("the watch of " + groupResource + " fell behind (more than "
                        + capacity + " events waiting); resume from resource version " + covered + " or list again"));
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return null;
                }
                arrived.awaitNanos(Math.min(remaining, TimeUnit.SECONDS.toNanos(1)));
            }
        } finally {
            lock.unlock();
        }
    }

    /** Reads the next page of the starting list or of history; returns the ending ERROR event when it cannot. */
    private WatchEvent readReplayPage() {
        try {
            if (stateToken != null) {
                absorbState(statePages.after(stateToken));
            } else {
                absorb(replay.after(covered, REPLAY_PAGE));
            }
            return null;
        } catch (StorageException e) {
            return end(StatusObjects.expired(e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn("watch of {} could not read history after resource version {}", groupResource, covered, e);
            return end(StatusObjects.internalError("the watch could not read history: " + e.getMessage()));
        }
    }

    private void absorbState(ListPage page) {
        for (ObjectNode object : page.items()) {
            replayed.add(new WatchEvent(WatchEvent.Type.ADDED, object, ObjectRules.resourceVersion(object)));
        }
        stateToken = page.continueToken();
        // the live buffer holds everything after the list's version: no history to read once the list is read
        replayExhausted = stateToken == null;
    }

    private void absorb(List<Change> page) {
        for (Change change : page) {
            WatchEvent event = filter.toEvent(change);
            if (event != null) {
                replayed.add(event);
            }
        }
        if (!page.isEmpty()) {
            covered = page.getLast().resourceVersion();
        }
        replayExhausted = page.size() < REPLAY_PAGE;
    }

    private WatchEvent end(ObjectNode status) {
        done = true;
        unsubscribe.accept(this);
        return new WatchEvent(WatchEvent.Type.ERROR, status, covered);
    }

    private static WatchEvent copy(WatchEvent event) {
        return new WatchEvent(event.type(), RawValues.parsed(event.object().deepCopy()), event.resourceVersion());
    }
}
