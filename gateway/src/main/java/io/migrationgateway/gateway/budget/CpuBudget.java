package io.migrationgateway.gateway.budget;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A share of the machine's CPU time that optional work may spend (a token bucket in CPU nanoseconds): it earns
 * {@code share × processors} CPU-seconds per second, saves at most {@code burst} of them, owes at most one second's
 * earnings ({@link #DEBT_LIMIT_NANOS}), and is charged what the work
 * actually spent, measured per thread ({@link #run}), or by the elapsed time of a call to another process
 * ({@link #callElapsed}). On a machine whose cores the answering path
 * needs, work that runs as fast as its threads allow (shadow comparisons at 100 % sampling) would otherwise take CPU
 * from every caller; a budget in CPU time rather than in comparisons per second also keeps a large answer's comparison
 * from costing as little as a small one's. Thread-safe.
 */
public final class CpuBudget {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** A budget that never refuses. */
    public static final CpuBudget UNLIMITED = new CpuBudget(Double.POSITIVE_INFINITY, 0, System::nanoTime);

    /** A job's expected cost before any job finished: more than a comparison of a small answer costs once compiled. */
    static final long FIRST_JOB_ESTIMATE = 1_000_000;
    private static final long JOB_MEMORY = 1_000;
    /**
     * The most the work may owe, as elapsed time needed to earn it back; charges beyond it are forgiven. Calls are
     * charged their elapsed time, and on a saturated machine a lowest-priority thread's call waits long for a core, so
     * without a limit a busy spell would stop comparisons for long after it. With it, comparisons start again at most
     * this long after a busy spell.
     */
    static final long DEBT_LIMIT_NANOS = 1_000_000_000L;

    private final double cpuPerWallNano;
    private final long burst;
    private final long debtLimit;
    private final LongSupplier wallClock;
    private final long start;
    /**
     * CPU nanoseconds charged, never less than what was earned minus the burst (unspent time is not saved up forever)
     * and, after a charge, never more than what was earned plus the debt limit.
     */
    private final AtomicLong spent;
    /** What the jobs queued and not started yet are expected to cost. */
    private final AtomicLong reserved = new AtomicLong();
    /** What jobs cost, over about the last {@link #JOB_MEMORY} of them: what a queued job is expected to cost. */
    private final Object costs = new Object();
    private long measuredNanos;
    private long measuredJobs;

    /**
     * @param cpuPerWallNano CPU nanoseconds earned per elapsed nanosecond (0.1 of 2 processors: 0.2)
     * @param burst          CPU nanoseconds that may be saved up while idle and spent at once
     * @param wallClock      elapsed nanoseconds ({@link System#nanoTime} outside tests)
     */
    CpuBudget(double cpuPerWallNano, long burst, LongSupplier wallClock) {
        this.cpuPerWallNano = cpuPerWallNano;
        this.burst = burst;
        this.debtLimit = (long) (cpuPerWallNano * DEBT_LIMIT_NANOS);
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
        return forgetBeyondBurst(earned) + reserved.get() < earned;
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

    /**
     * Calls {@code work}, a call to another process (unified storage's database, the legacy server), and charges the
     * time it took (unmeasured when unlimited). The CPU time the other process spends on the call cannot be measured
     * here, and elapsed time bounds it from above, as it bounds this thread's own; by default unified storage is an
     * embedded PostgreSQL on this very machine, where its work takes the same cores the answering path needs
     * (docs/decisions/shadow-cpu-budget.md). A call that waits for a core, as a lowest-priority thread does on a busy
     * machine, is charged the wait too (up to the debt limit): shadow work backs off when the machine is busy.
     */
    public <T> T callElapsed(Callable<T> work) throws Exception {
        if (unlimited()) {
            return work.call();
        }
        long before = wallClock.getAsLong();
        try {
            return work.call();
        } finally {
            charge(wallClock.getAsLong() - before);
        }
    }

    /**
     * Sets aside what a job queued now is expected to cost (the average of recent jobs), so that jobs queued faster than
     * they run cannot overdraw the budget: they are charged only as they run, so without this every job offered while
     * the first ones waited for a thread passed {@link #allows}, and a full queue left the budget in debt for seconds.
     * Returns the amount, to give back with {@link #release}.
     */
    public long reserve() {
        if (unlimited()) {
            return 0;
        }
        long expected;
        synchronized (costs) {
            expected = measuredJobs == 0 ? FIRST_JOB_ESTIMATE : measuredNanos / measuredJobs;
        }
        reserved.addAndGet(expected);
        return expected;
    }

    /** Gives back a reservation: its job starts now (and is charged what it spends) or was not queued after all. */
    public void release(long reservation) {
        if (reservation > 0) {
            reserved.addAndGet(-reservation);
        }
    }

    /** Counts a finished job, whose CPU time was charged, toward the expected cost of the next ones. */
    public void jobDone() {
        if (unlimited()) {
            return;
        }
        synchronized (costs) {
            measuredJobs++;
            if (measuredJobs > JOB_MEMORY) { // halving both keeps the average recent (jobs get cheaper as the JIT compiles them)
                measuredJobs /= 2;
                measuredNanos /= 2;
            }
        }
    }

    /** Charges CPU time the work spent, forgiving what goes beyond the debt limit. */
    void charge(long cpuNanos) {
        if (cpuNanos > 0 && !unlimited()) {
            long earned = earnedNow();
            forgetBeyondBurst(earned);
            long most = earned + debtLimit;
            spent.accumulateAndGet(cpuNanos, (charged, more) -> Math.min(charged + more, most));
            synchronized (costs) {
                measuredNanos += cpuNanos;
            }
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
