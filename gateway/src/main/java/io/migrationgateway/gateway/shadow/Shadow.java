package io.migrationgateway.gateway.shadow;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationgateway.gateway.budget.BoundedWork;
import io.migrationgateway.gateway.budget.CpuBudget;
import io.migrationgateway.gateway.budget.LowPriority;
import io.migrationgateway.gateway.config.ShadowConfig;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shadow comparison of one gateway, wired: {@link ShadowComparisons} for the request path, compared reads stored in
 * batches by {@link ComparisonWriter}, skip counts moved to PostgreSQL every second, comparisons older than
 * {@code shadow.retention} deleted hourly. Owns their threads.
 */
public final class Shadow implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Shadow.class);

    private final ShadowComparisons comparisons;
    private final ShadowSweep sweep;
    private final ShadowRecords records;
    private final BoundedWork work;
    private final ComparisonWriter writer;
    private final ScheduledExecutorService scheduler;

    private Shadow(ShadowComparisons comparisons, ShadowSweep sweep, ShadowRecords records, BoundedWork work, ComparisonWriter writer,
                   ScheduledExecutorService scheduler) {
        this.comparisons = comparisons;
        this.sweep = sweep;
        this.records = records;
        this.work = work;
        this.writer = writer;
        this.scheduler = scheduler;
    }

    /** Starts shadow comparison on the gateway's database, whose schema is migrated. */
    public static Shadow start(ShadowConfig config, DataSource dataSource, MeterRegistry registry, Clock clock) {
        ShadowRecords records = new ShadowRecords(dataSource);
        SkipCounter skips = new SkipCounter(registry);
        CpuBudget budget = CpuBudget.share(config.cpuShare(), Runtime.getRuntime().availableProcessors());
        BoundedWork work = BoundedWork.metered("shadow", config.concurrency(), config.queueSize(), config.timeLimit(), budget);
        OutcomeCounter outcomes = new OutcomeCounter(registry);
        NoiseThresholds thresholds = new NoiseThresholds(config.noiseRelativeThreshold(), config.noiseAbsoluteThreshold());
        ComparisonWriter writer = new ComparisonWriter(records, thresholds, outcomes, budget);
        ShadowComparisons comparisons = new ShadowComparisons(work, records, writer, skips, outcomes, config.noiseSamplingRate(),
                config.maxBody());
        ScheduledExecutorService scheduler = OutOfMemoryPolicy.scheduler("shadow-records");
        scheduler.scheduleWithFixedDelay(() -> quietly("store skipped comparisons", () -> skips.drainTo(records)), 1, 1, TimeUnit.SECONDS);
        scheduler.scheduleWithFixedDelay(() -> quietly("delete old shadow comparisons",
                () -> records.deleteOlderThan(clock.instant().minus(config.retention()))), 1, 60, TimeUnit.MINUTES);
        Gauge.builder("gateway.shadow.queued", work, BoundedWork::queued)
                .description("Shadow comparisons waiting for a shadow thread")
                .register(registry);
        ShadowSweep sweep = new ShadowSweep(records, thresholds, config.noiseSamplingRate(), config.maxBody());
        return new Shadow(comparisons, sweep, records, work, writer, scheduler);
    }

    private static void quietly(String what, Runnable task) {
        LowPriority.forCurrentThread();
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.warn("cannot {}: {}", what, e.getMessage());
        }
    }

    public ShadowComparisons comparisons() {
        return comparisons;
    }

    /** Comparisons of a compare sweep, on the caller's thread. */
    public ShadowSweep sweep() {
        return sweep;
    }

    public ShadowRecords records() {
        return records;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        work.close();
        writer.close();
    }
}
