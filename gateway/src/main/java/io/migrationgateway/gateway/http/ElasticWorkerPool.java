package io.migrationgateway.gateway.http;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The worker threads of requests that block (on the database, or on the legacy side in modes 2-5): few threads
 * while they keep up, more while requests wait for one.
 *
 * <p>Why not a fixed pool: a worker blocks for a database round trip, so the count it needs is about the request
 * rate times that round trip. Next to a local database the round trip is tens of microseconds and two threads per
 * core keep up; a bigger pool then has idle threads, and handing each request to a parked one (unpark, then park
 * again after it) cost a quarter of the gateway's CPU per Resource API GET (README, the Resource API benchmark).
 * Across a network the same few threads would cap the request rate at threads / round trip. So the pool starts with
 * {@code coreThreads} and grows, up to {@code maxThreads}, when queued requests have kept waiting longer than
 * {@code growAfter} for {@code growAfter} more; it shrinks, down to {@code coreThreads}, after each
 * {@code shrinkAfter} in which it did not grow. Waiting in the queue is the signal, rather than busy threads, because
 * next to a local database all threads are busy while the CPU is the limit, and more threads would not serve more.
 * Nor can the pool tell a round trip from a lock that serializes writes: it grows for both, and a shrink that turns
 * out one too many is undone by the next growth. Steps double while they go the same way (1, 2, 4 ... threads) and
 * start again at one when the direction turns: a pool far from its need gets there in a few steps, and one at its
 * need only tries one thread less each {@code shrinkAfter}.
 *
 * <p>Built on {@link ThreadPoolExecutor} with its core and maximum sizes moved together: lowering the maximum makes
 * surplus threads exit as they next look for work, raising the core starts threads for the queued work.
 */
public final class ElasticWorkerPool implements Executor, AutoCloseable {
    /** How long queued requests may wait, for as long again, before the pool grows. */
    public static final Duration DEFAULT_GROW_AFTER = Duration.ofMillis(5);
    /** How long the pool keeps a size before it tries fewer threads. */
    public static final Duration DEFAULT_SHRINK_AFTER = Duration.ofSeconds(1);

    private static final long NOT_OVERDUE = Long.MIN_VALUE;

    private final LinkedTransferQueue<Runnable> queue = new LinkedTransferQueue<>();
    private final ThreadPoolExecutor threads;
    private final int coreThreads;
    private final int maxThreads;
    private final long growAfterNanos;
    private final long shrinkAfterNanos;
    /** When the size last changed (System.nanoTime); also the lock-free guard that one resize happens at a time. */
    private final AtomicLong lastResize;
    /** Since when the oldest queued request has been waiting too long (System.nanoTime), or NOT_OVERDUE. */
    private final AtomicLong overdueSince = new AtomicLong(NOT_OVERDUE);
    /** Threads the next growth adds and the next shrink removes; changed only by the thread that won lastResize. */
    private volatile int growStep = 1;
    private volatile int shrinkStep = 1;

    public ElasticWorkerPool(String name, int coreThreads, int maxThreads, Duration growAfter, Duration shrinkAfter) {
        if (coreThreads < 1 || maxThreads < coreThreads) {
            throw new IllegalArgumentException("need 1 <= coreThreads <= maxThreads, got " + coreThreads + " and " + maxThreads);
        }
        this.coreThreads = coreThreads;
        this.maxThreads = maxThreads;
        this.growAfterNanos = growAfter.toNanos();
        this.shrinkAfterNanos = shrinkAfter.toNanos();
        this.lastResize = new AtomicLong(System.nanoTime());
        this.threads = new ThreadPoolExecutor(coreThreads, coreThreads, 60, TimeUnit.SECONDS, queue, namedDaemons(name));
    }

    /** Queues {@code task}; first grows or shrinks the pool if the queue says so. */
    @Override
    public void execute(Runnable task) {
        long now = System.nanoTime();
        resizeIfDue(now);
        threads.execute(new Queued(task, now));
    }

    private void resizeIfDue(long now) {
        long last = lastResize.get();
        if (now - last < growAfterNanos) {
            return;
        }
        int size = threads.getMaximumPoolSize();
        if (oldestWait(now) > growAfterNanos) {
            // A pause (GC, safepoint) also leaves requests waiting, but the threads there catch up within about a
            // millisecond: only a shortage that outlasts growAfter is one that more threads would cure.
            long since = overdueSince.get();
            if (since == NOT_OVERDUE) {
                overdueSince.compareAndSet(NOT_OVERDUE, now);
            } else if (now - since >= growAfterNanos && size < maxThreads && lastResize.compareAndSet(last, now)) {
                overdueSince.set(NOT_OVERDUE);
                resize(size, Math.min(maxThreads, size + growStep));
                growStep = Math.min(2 * growStep, maxThreads);
                shrinkStep = 1;
            }
            return;
        }
        overdueSince.set(NOT_OVERDUE);
        long intervals = (now - last) / shrinkAfterNanos;
        if (size > coreThreads && intervals > 0 && lastResize.compareAndSet(last, now)) {
            // an idle spell counts as that many shrink intervals: the first request after it finds the pool small
            int cut = 0;
            for (long i = 0; i < intervals && size - cut > coreThreads; i++) {
                cut += shrinkStep;
                shrinkStep = Math.min(2 * shrinkStep, maxThreads);
            }
            resize(size, Math.max(coreThreads, size - cut));
            growStep = 1;
        }
    }

    private void resize(int from, int to) {
        // the core may never exceed the maximum: raise the maximum first, lower it last
        if (to > from) {
            threads.setMaximumPoolSize(to);
            threads.setCorePoolSize(to);
        } else {
            threads.setCorePoolSize(to);
            threads.setMaximumPoolSize(to);
        }
    }

    private long oldestWait(long now) {
        Runnable oldest = queue.peek();
        return oldest instanceof Queued queued ? now - queued.since : 0;
    }

    /** The threads the pool runs on now (between the core and the maximum count). */
    public int size() {
        return threads.getMaximumPoolSize();
    }

    /** Requests waiting for a thread. */
    public int queued() {
        return queue.size();
    }

    /** Finishes the queued requests, waiting up to {@code timeout} for them. */
    public void close(Duration timeout) {
        threads.shutdown();
        try {
            threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    private record Queued(Runnable task, long since) implements Runnable {
        @Override
        public void run() {
            task.run();
        }
    }

    private static ThreadFactory namedDaemons(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
            // the server stops first and then closes this pool; daemons never hold a JVM open if it does not
            thread.setDaemon(true);
            return thread;
        };
    }
}
