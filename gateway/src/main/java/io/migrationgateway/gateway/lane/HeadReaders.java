package io.migrationgateway.gateway.lane;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.xnio.XnioIoThread;

/**
 * The connections of one IO thread that are reading a request head, oldest head first, so that neither a slow head nor
 * many of them can hold the http port: a head must be whole within {@code server.request-head-timeout} of its first
 * byte, and past {@code limit} heads at once the oldest one's connection is closed. A caller's head normally arrives
 * in one piece within a millisecond, so the oldest head is almost always a slow one on purpose; closing new connections
 * instead would let a few slow callers keep everyone else out.
 *
 * <p>Whoever reads a connection (the fast lane or Undertow's parser) does so through its {@link HeadWatch}, which puts
 * it on and off this list. Used by its IO thread only.
 */
final class HeadReaders implements Runnable {
    private final XnioIoThread thread;
    private final long timeoutNanos;
    private final int limit;
    private final long tickMillis;
    private final Consumer<String> onDrop;
    private HeadWatch oldest;
    private HeadWatch newest;
    private int count;
    private boolean armed;

    /**
     * @param limit  heads read at once on this thread
     * @param onDrop told of every connection closed here and why, "timeout" or "limit" (for a metric)
     */
    HeadReaders(XnioIoThread thread, long timeoutNanos, int limit, Consumer<String> onDrop) {
        this.thread = thread;
        this.timeoutNanos = timeoutNanos;
        this.limit = limit;
        this.onDrop = onDrop;
        // a tenth of the timeout late at most, without waking up more than 100 times a second for tiny test timeouts
        this.tickMillis = Math.max(10, Math.min(1_000, TimeUnit.NANOSECONDS.toMillis(timeoutNanos) / 10));
    }

    void started(HeadWatch watch) {
        watch.headStarted = System.nanoTime();
        watch.older = newest;
        watch.newer = null;
        if (newest != null) {
            newest.newer = watch;
        } else {
            oldest = watch;
        }
        newest = watch;
        watch.listed = true;
        if (++count > limit) {
            HeadWatch victim = oldest;
            finished(victim);
            thread.execute(() -> dropOverLimit(victim)); // not inside the read that brought the new head: its reader may be the victim's
        }
        if (!armed) {
            armed = true;
            thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Takes {@code watch} off the list; one not on it is left alone. */
    void finished(HeadWatch watch) {
        if (!watch.listed) {
            return;
        }
        watch.listed = false;
        if (watch.older != null) {
            watch.older.newer = watch.newer;
        } else {
            oldest = watch.newer;
        }
        if (watch.newer != null) {
            watch.newer.older = watch.older;
        } else {
            newest = watch.older;
        }
        watch.older = null;
        watch.newer = null;
        count--;
    }

    /** The periodic sweep: drops heads past their deadline, and forgets connections closed meanwhile. */
    @Override
    public void run() {
        long now = System.nanoTime();
        HeadWatch watch = oldest;
        while (watch != null) {
            HeadWatch following = watch.newer;
            if (!watch.isOpen()) {
                finished(watch);
            } else if (now - watch.headStarted >= timeoutNanos) {
                finished(watch);
                onDrop.accept("timeout");
                watch.drop();
            }
            watch = following;
        }
        armed = oldest != null;
        if (armed) {
            thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Closes the connection of a head pushed out by newer ones, unless the head has come whole meanwhile. */
    private void dropOverLimit(HeadWatch watch) {
        if (watch.isOpen() && watch.readingHead()) {
            onDrop.accept("limit");
            watch.drop();
        }
    }
}
