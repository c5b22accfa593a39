package io.migrationgateway.gateway.shadow;

import io.migrationgateway.gateway.budget.CpuBudget;
import io.migrationgateway.gateway.budget.LowPriority;
import io.migrationgateway.gateway.shadow.ShadowRecords.Compared;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores compared reads on a thread of its own, as many at a time as arrive within {@link #LINGER} of the first
 * (group commit): one transaction per batch instead of one per read, so a comparison costs the database a row rather
 * than four round trips and a commit. When storing falls behind, {@link #add} blocks the shadow thread, the shadow
 * queue fills, and the reads that follow are skipped and counted there. Thread-safe.
 */
final class ComparisonWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ComparisonWriter.class);
    private static final int MAX_BATCH = 500;
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);
    /**
     * How long a batch waits for more reads after its first: within the CPU budget, reads are compared some tens a
     * second, so without a wait nearly every batch held one read and cost the database a transaction of its own,
     * work the budget does not see (the database's CPU); a quarter of a second delays only when a comparison shows.
     */
    static final Duration LINGER = Duration.ofMillis(250);

    private final ShadowRecords records;
    private final NoiseThresholds thresholds;
    private final OutcomeCounter outcomes;
    private final CpuBudget budget;
    private final BlockingQueue<Compared> pending = new ArrayBlockingQueue<>(10 * MAX_BATCH);
    private final Thread thread;
    private volatile boolean stopping;

    /** @param budget charged with the CPU time the writer spends: storing comparisons is shadow work too */
    ComparisonWriter(ShadowRecords records, NoiseThresholds thresholds, OutcomeCounter outcomes, CpuBudget budget) {
        this.records = records;
        this.thresholds = thresholds;
        this.outcomes = outcomes;
        this.budget = budget;
        this.thread = Thread.ofPlatform().name("shadow-writer").daemon(true).start(this::run);
    }

    /** Queues a compared read to be stored; waits while the writer is {@code 10 × 500} reads behind. */
    void add(Compared read) throws InterruptedException {
        pending.put(read);
    }

    private void run() {
        LowPriority.forCurrentThread();
        List<Compared> batch = new ArrayList<>(MAX_BATCH);
        while (!stopping || !pending.isEmpty()) {
            try {
                Compared first = pending.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                if (!stopping) {
                    Thread.sleep(LINGER.toMillis());
                }
                pending.drainTo(batch, MAX_BATCH - 1);
                budget.run(() -> store(batch));
            } catch (InterruptedException e) {
                return;
            } finally {
                batch.clear();
            }
        }
    }

    private void store(List<Compared> batch) {
        try {
            List<Outcome> stored = records.storeCompared(batch, thresholds);
            for (int i = 0; i < batch.size(); i++) {
                outcomes.count(batch.get(i).scope().resource(), stored.get(i));
            }
        } catch (RuntimeException e) {
            LOG.warn("cannot store {} shadow comparisons: {}", batch.size(), e.getMessage());
        }
    }

    /** Stores what is queued (waiting at most five seconds), then stops. */
    @Override
    public void close() {
        stopping = true;
        try {
            if (!thread.join(STOP_WAIT)) {
                LOG.warn("{} shadow comparisons were not stored before the gateway stopped", pending.size());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
