package io.migrationgateway.gateway.shadow;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A share of the machine's CPU time that optional work may spend (a token bucket in CPU nanoseconds): it earns
 * {@code share × processors} CPU-seconds per second, saves at most {@code burst} of them, and is charged what the work
 * actually spent, measured per thread ({@link #run}, {@link #call}). On a machine whose cores the answering path needs, work that runs as fast as its threads allow (shadow
 * comparisons at 100 % sampling) would otherwise take CPU from every caller; a budget in CPU time rather than in
 * comparisons per second also keeps a large answer's comparison from costing as little as a small one's. Lock-free,
 * thread-safe.
 */
public final class CpuBudget {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** A budget that never refuses. */
    public static final CpuBudget UNLIMITED = new CpuBudget(Double.POSITIVE_INFINITY, 0, System::nanoTime);

    private final double cpuPerWallNano;
    private final long burst;
    private final LongSupplier wallClock;
    private final long start;
    /** CPU nanoseconds charged, never less than what was earned minus the burst: unspent time is not saved up forever. */
    private final AtomicLong spent;

    /**
     * @param cpuPerWallNano CPU nanoseconds earned per elapsed nanosecond (0.1 of 2 processors: 0.2)
     * @param burst          CPU nanoseconds that may be saved up while idle and spent at once
     * @param wallClock      elapsed nanoseconds ({@link System#nanoTime} outside tests)
     */
    CpuBudget(double cpuPerWallNano, long burst, LongSupplier wallClock) {
        this.cpuPerWallNano = cpuPerWallNano;
        this.burst = burst;
        this.wallClock = wallClock;
        this.start = wallClock.getAsLong();
        this.spent = new AtomicLong(-burst); // starts with the burst saved up
    }

    /**
     * A budget of {@code share} (0 to 1) of {@code processors} processors' time, which may save up 100 ms of its
     * earnings: little enough that work saved up while idle does not run in one burst that takes the answering
     * threads' cores for a noticeable time (which shows in their p99), so after a start, the first comparisons (run
     * before the JIT compiled them) may leave the budget spent for some seconds. A share of 1 is unlimited.
     */
    public static CpuBudget share(double share, int processors) {
        if (share >= 1) {
            return UNLIMITED;
        }
        double rate = share * processors;
        return new CpuBudget(rate, (long) (rate * 100_000_000L), System::nanoTime);
    }

    /** Whether the work has spent less than it earned so far, so that one more piece of it may start. */
    public boolean allows() {
        if (unlimited()) {
            return true;
        }
        long earned = earnedNow();
        return forgetBeyondBurst(earned) < earned;
    }

    /** Runs {@code work} on this thread and charges the CPU time it spent (unmeasured when unlimited). */
    public void run(Runnable work) {
        if (unlimited()) {
            work.run();
            return;
        }
        long before = THREADS.getCurrentThreadCpuTime();
        try {
            work.run();
        } finally {
            charge(THREADS.getCurrentThreadCpuTime() - before);
        }
    }

    /** Calls {@code work} on this thread and charges the CPU time it spent (unmeasured when unlimited). */
    public <T> T call(Callable<T> work) throws Exception {
        if (unlimited()) {
            return work.call();
        }
        long before = THREADS.getCurrentThreadCpuTime();
        try {
            return work.call();
        } finally {
            charge(THREADS.getCurrentThreadCpuTime() - before);
        }
    }

    /** Charges CPU time the work spent. */
    void charge(long cpuNanos) {
        if (cpuNanos > 0 && !unlimited()) {
            forgetBeyondBurst(earnedNow());
            spent.addAndGet(cpuNanos);
        }
    }

    private boolean unlimited() {
        return cpuPerWallNano == Double.POSITIVE_INFINITY;
    }

    private long earnedNow() {
        return (long) ((wallClock.getAsLong() - start) * cpuPerWallNano);
    }

    /** Raises what was spent to {@code earned - burst} when idle time saved more than the burst; what is spent now. */
    private long forgetBeyondBurst(long earned) {
        long floor = earned - burst;
        while (true) {
            long charged = spent.get();
            if (charged >= floor || spent.compareAndSet(charged, floor)) {
                return Math.max(charged, floor);
            }
        }
    }
}
