package io.migrationgateway.gateway.budget;

import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.ThreadPoolBulkhead;
import io.github.resilience4j.bulkhead.ThreadPoolBulkheadConfig;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Work that must never take capacity from the answering path (shadow comparisons, best-effort copies): a Resilience4j
 * {@link ThreadPoolBulkhead} (its own threads, a bounded queue; a full queue refuses at once instead of waiting) and a
 * {@link TimeLimiter} for the slow call inside a job, which runs on a thread of its own that is interrupted when the
 * limit passes. Two kinds ({@link #unmetered}, {@link #metered}) differ in what that thread is, and metered work runs
 * at the lowest CPU priority ({@link LowPriority}). Thread-safe.
 */
public final class BoundedWork implements AutoCloseable {
    private final ThreadPoolBulkhead bulkhead;
    private final TimeLimiter timeLimiter;
    private final ExecutorService calls;
    private final CpuBudget budget;
    private final boolean lowPriority;

    private BoundedWork(String name, int threads, int queue, Duration timeLimit, ExecutorService calls, CpuBudget budget,
                        boolean lowPriority) {
        this.lowPriority = lowPriority;
        this.bulkhead = ThreadPoolBulkhead.of(name, ThreadPoolBulkheadConfig.custom()
                .coreThreadPoolSize(threads)
                .maxThreadPoolSize(threads)
                .queueCapacity(queue)
                .build());
        this.timeLimiter = TimeLimiter.of(name, TimeLimiterConfig.custom().timeoutDuration(timeLimit).cancelRunningFuture(true).build());
        this.calls = calls;
        this.budget = budget;
    }

    /**
     * Work whose calls run on virtual threads, with no CPU budget. The time limiter's interrupt closes the socket a
     * virtual thread is blocked on, so a write that passed the limit is aborted instead of landing later (the
     * dual-write relies on that: it undoes or queues what it reported as failed).
     *
     * @param name      the bulkhead's and time limiter's name (their threads are named after it)
     * @param threads   jobs running at once
     * @param queue     jobs waiting at most
     * @param timeLimit how long {@link #withinTimeLimit} waits for a call
     */
    public static BoundedWork unmetered(String name, int threads, int queue, Duration timeLimit) {
        return new BoundedWork(name, threads, queue, timeLimit, Executors.newVirtualThreadPerTaskExecutor(), CpuBudget.UNLIMITED,
                false);
    }

    /**
     * Work charged to {@code budget} with the CPU time its jobs spend and the time their calls take
     * ({@link CpuBudget#callElapsed}; {@link #overBudget} reads it). The calls run on a fixed pool of platform threads,
     * two per job thread, so that calls stuck past the limit (a platform thread's blocking socket read ignores the interrupt) hold at most that
     * many threads and connections; a call that finds them all busy waits, and its job's limit passes. Jobs and calls
     * run at the lowest CPU priority, so the answering path gets the cores first.
     */
    public static BoundedWork metered(String name, int threads, int queue, Duration timeLimit, CpuBudget budget) {
        ExecutorService calls = Executors.newFixedThreadPool(2 * threads, Thread.ofPlatform().name(name + "-call-", 0).daemon(true).factory());
        return new BoundedWork(name, threads, queue, timeLimit, calls, budget, true);
    }

    /** Queues {@code job}; false, at once, when the queue is full (the caller counts what it could not queue). */
    public boolean offer(Runnable job) {
        if (full()) {
            // the bulkhead would refuse too, but by throwing two exceptions with filled-in stack traces: under a load that
            // keeps the queue full, that was the largest cost a sampled read added to the IO thread
            return false;
        }
        long reservation = budget.reserve();
        try {
            bulkhead.executeRunnable(() -> {
                budget.release(reservation);
                lowerPriority();
                try {
                    budget.run(job);
                } finally {
                    budget.jobDone();
                }
            });
            return true;
        } catch (BulkheadFullException full) {
            budget.release(reservation);
            return false;
        }
    }

    /**
     * Runs {@code call} and waits for it at most the time limit; call from inside a job.
     *
     * @throws java.util.concurrent.TimeoutException when the limit passed (the call is interrupted)
     * @throws Exception                             what {@code call} threw
     */
    public <T> T withinTimeLimit(Callable<T> call) throws Exception {
        return timeLimiter.executeFutureSupplier(() -> calls.submit(() -> {
            lowerPriority();
            return budget.callElapsed(call);
        }));
    }

    private void lowerPriority() {
        if (lowPriority) {
            LowPriority.forCurrentThread();
        }
    }

    /** Whether the jobs and calls have spent their CPU budget, so that a job offered now should not start. */
    public boolean overBudget() {
        return !budget.allows();
    }

    /**
     * Whether the queue is full now, so that a job offered now would be refused; the threads keep taking jobs, so the
     * answer can be out of date as soon as it is given.
     */
    public boolean full() {
        return bulkhead.getMetrics().getRemainingQueueCapacity() == 0;
    }

    /** Jobs queued and not started yet. */
    public int queued() {
        return bulkhead.getMetrics().getQueueDepth();
    }

    @Override
    public void close() {
        try {
            bulkhead.close();
        } catch (Exception e) {
            throw new IllegalStateException("the " + bulkhead.getName() + " bulkhead did not stop", e);
        }
        calls.shutdownNow();
    }
}
