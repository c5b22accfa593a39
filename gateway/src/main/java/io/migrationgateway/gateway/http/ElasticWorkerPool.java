package io.migrationgateway.gateway.http;

import com.sun.management.OperatingSystemMXBean;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker threads of requests that block (on the database, or on the legacy side in modes 2-5): few threads
 * while they keep up or the CPU is busy, more while requests wait and the CPU has room.
 *
 * <p>Why not a fixed pool: a worker blocks for a database round trip, so the count it needs is about the request
 * rate times that round trip. Next to a local database the round trip is tens of microseconds and two threads per
 * core keep up; a bigger pool then has idle threads, and handing each request to a parked one (unpark, then park
 * again after it) costs a large share of a request's CPU (docs/performance.md, Resource API). Across a
 * network the same few threads would cap the request rate at threads / round trip.
 *
 * <p>The rule, applied every {@code tick} by one thread: when requests waited for a thread and the machine's CPU is
 * below {@link #SATURATED}, grow; when the CPU is at or above it, or no request waited for {@code shrinkAfter}, shrink;
 * always between {@code coreThreads} and {@code maxThreads}. Waiting alone cannot tell the two cases apart (next to
 * a local database requests wait too while the CPU is the limit, and more threads would only cost more hand-offs);
 * the CPU can: threads that wait for a network leave it idle. Steps double while they go the same way (1, 2, 4 ...
 * threads) and start again at one when the direction turns: a pool far from its need gets there in a few ticks, and
 * one at its need only tries one thread less now and then.
 *
 * <p>Built on {@link ThreadPoolExecutor} with its core and maximum sizes moved together: lowering the maximum makes
 * surplus threads exit as they next look for work, raising the core starts threads for the queued work.
 */
public final class ElasticWorkerPool implements Executor, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ElasticWorkerPool.class);

    /** CPU use (0 to 1, the whole machine or container) from which more threads would not serve more. */
    public static final double SATURATED = 0.9;
    /** How often the pool looks at its queue and the CPU. */
    public static final Duration DEFAULT_TICK = Duration.ofMillis(50);
    /** How long without a waiting request before the pool tries fewer threads. */
    public static final Duration DEFAULT_SHRINK_AFTER = Duration.ofSeconds(1);
    /** A request that waits longer than this for a thread counts as waiting (shorter waits are hand-off noise). */
    static final long WAITED_NANOS = Duration.ofMillis(1).toNanos();

    private final LinkedTransferQueue<Runnable> queue = new LinkedTransferQueue<>();
    private final ThreadPoolExecutor threads;
    private final ScheduledExecutorService ticker;
    private final int coreThreads;
    private final int maxThreads;
    private final DoubleSupplier cpuLoad;
    private final long shrinkAfterNanos;
    /** Set by a worker that took a request which had waited over WAITED_NANOS; cleared by each tick. */
    private volatile boolean waited;
    // the tick's own state (one thread)
    private int growStep = 1;
    private int shrinkStep = 1;
    private long lastWaitNanos = System.nanoTime();

    /** A pool that reads the CPU from the JVM's operating system bean, with the default tick and shrink delay. */
    public static ElasticWorkerPool start(String name, int coreThreads, int maxThreads) {
        OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        return new ElasticWorkerPool(name, coreThreads, maxThreads, DEFAULT_TICK, DEFAULT_SHRINK_AFTER, os::getCpuLoad);
    }

    /**
     * @param cpuLoad the CPU in use now, 0 to 1; a negative or NaN value (unknown) counts as room to grow
     */
    public ElasticWorkerPool(String name, int coreThreads, int maxThreads, Duration tick, Duration shrinkAfter,
                             DoubleSupplier cpuLoad) {
        if (coreThreads < 1 || maxThreads < coreThreads) {
            throw new IllegalArgumentException("need 1 <= coreThreads <= maxThreads, got " + coreThreads + " and " + maxThreads);
        }
        this.coreThreads = coreThreads;
        this.maxThreads = maxThreads;
        this.cpuLoad = cpuLoad;
        this.shrinkAfterNanos = shrinkAfter.toNanos();
        // daemons: the server stops first and then closes this pool, but they never hold a JVM open if it does not
        this.threads = new ThreadPoolExecutor(coreThreads, coreThreads, 60, TimeUnit.SECONDS, queue,
                Thread.ofPlatform().name(name + "-", 1).daemon(true).factory());
        this.ticker = OutOfMemoryPolicy.scheduler(name + "-sizing");
        ticker.scheduleWithFixedDelay(this::tickSafely, tick.toNanos(), tick.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void execute(Runnable task) {
        threads.execute(new Queued(task, System.nanoTime()));
    }

    /** A scheduled task that throws is never run again: the pool would stay at whatever size it had. */
    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            LOG.warn("worker pool sizing failed this time, size stays {}: {}", size(), e.toString());
        }
    }

    private void tick() {
        long now = System.nanoTime();
        boolean requestsWaited = waited || oldestWait(now) > WAITED_NANOS;
        waited = false;
        if (requestsWaited) {
            lastWaitNanos = now;
        }
        int size = size();
        boolean mayGrow = requestsWaited && size < maxThreads;
        if (!mayGrow && size <= coreThreads) {
            // nothing to decide, so the CPU is not read: reading it is not free (in a container the JDK reads the
            // cgroup files: measured 0.3 ms of CPU and 80 KB of garbage a call, 20 times a second, in every mode);
            // after a quiet spell the first reading averages over it, which can only say there is room to grow
            return;
        }
        boolean cpuSaturated = cpuLoad.getAsDouble() >= SATURATED;
        if (mayGrow && !cpuSaturated) {
            resize(size, Math.min(maxThreads, size + growStep));
            growStep = Math.min(2 * growStep, maxThreads);
            shrinkStep = 1;
        } else if (size > coreThreads && (cpuSaturated || now - lastWaitNanos >= shrinkAfterNanos)) {
            resize(size, Math.max(coreThreads, size - shrinkStep));
            shrinkStep = Math.min(2 * shrinkStep, maxThreads);
            growStep = 1;
            lastWaitNanos = now; // the next shrink for want of waiting comes shrinkAfter later
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

    /** Stops resizing and finishes the queued requests, waiting up to {@code timeout} for them. */
    public void close(Duration timeout) {
        ticker.shutdownNow();
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

    private final class Queued implements Runnable {
        private final Runnable task;
        private final long since;

        Queued(Runnable task, long since) {
            this.task = task;
            this.since = since;
        }

        @Override
        public void run() {
            // read before write: the flag's cache line stays shared while requests do not wait
            if (!waited && System.nanoTime() - since > WAITED_NANOS) {
                waited = true;
            }
            task.run();
        }
    }
}
