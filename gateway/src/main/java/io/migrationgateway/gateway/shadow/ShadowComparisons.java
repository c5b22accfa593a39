package io.migrationgateway.gateway.shadow;

import io.migrationgateway.gateway.budget.BoundedWork;
import io.migrationgateway.gateway.shadow.ShadowRead.ReadScope;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs shadow comparisons off the request path (DESIGN §6): {@link #submit} returns at once, the comparison runs in
 * {@link BoundedWork}, the other side's answer within the time limit, and {@link ComparisonWriter} stores it. A read
 * that cannot be compared (CPU budget spent, queue full, body over the cap) is counted by {@link SkipCounter}; a
 * failing or slow other side is recorded as a shadow error; a sample of reads ({@code shadow.noise-sampling-rate}) also
 * asks the authoritative side again, and the paths where its two answers differ are noise. Thread-safe.
 */
public final class ShadowComparisons {
    private static final Logger LOG = LoggerFactory.getLogger(ShadowComparisons.class);
    // asked for every sampled read, and under load most are skipped
    private static final Optional<String> OVER_BUDGET = Optional.of(SkipCounter.CPU_BUDGET);
    private static final Optional<String> QUEUE_FULL = Optional.of(SkipCounter.QUEUE_FULL);

    private final BoundedWork work;
    private final ShadowRecords records;
    private final ComparisonWriter writer;
    private final SkipCounter skips;
    private final OutcomeCounter outcomes;
    private final double noiseSamplingRate;
    private final int maxBody;

    ShadowComparisons(BoundedWork work, ShadowRecords records, ComparisonWriter writer, SkipCounter skips, OutcomeCounter outcomes,
                      double noiseSamplingRate, int maxBody) {
        this.work = work;
        this.records = records;
        this.writer = writer;
        this.skips = skips;
        this.outcomes = outcomes;
        this.noiseSamplingRate = noiseSamplingRate;
        this.maxBody = maxBody;
    }

    /** Queues the comparison of {@code read}; never blocks, never throws for the caller. */
    public void submit(ShadowRead read) {
        if (read.authoritative().body().length > maxBody) {
            skip(read.scope(), SkipCounter.BODY_TOO_LARGE);
        } else if (work.overBudget()) {
            skip(read.scope(), SkipCounter.CPU_BUDGET);
        } else if (!work.offer(() -> compare(read))) {
            skip(read.scope(), SkipCounter.QUEUE_FULL);
        }
    }

    /**
     * Why a comparison submitted now would be skipped ({@link SkipCounter#CPU_BUDGET}, {@link SkipCounter#QUEUE_FULL}),
     * if it would: lets the request path skip before it copies an answer that would not be compared.
     */
    public Optional<String> skipReasonNow() {
        if (work.overBudget()) {
            return OVER_BUDGET;
        }
        return work.full() ? QUEUE_FULL : Optional.empty();
    }

    /** Counts a read of {@code scope} that will not be compared, and why. */
    public void skip(ReadScope scope, String reason) {
        skips.skipped(new SkipCounter.Key(scope.resource(), scope.namespace(), scope.route(), reason));
        count(scope, Outcome.SKIPPED);
    }

    private void compare(ShadowRead read) {
        try {
            switch (ReadComparison.compare(read, work::withinTimeLimit, noiseSamplingRate, maxBody, false)) {
                case ReadComparison.Done done -> writer.add(done.compared());
                case ReadComparison.Failed failed -> shadowError(read, failed.detail());
                case ReadComparison.TooLarge tooLarge -> skip(read.scope(), SkipCounter.BODY_TOO_LARGE);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("shadow comparison of {} {} failed: {}", read.scope().route(), read.scope().objectName(), e.toString());
        }
    }

    private void shadowError(ShadowRead read, String detail) {
        records.recordShadowError(read.scope(), read.mode(), read.authoritative(), detail, Optional.empty(), false);
        count(read.scope(), Outcome.SHADOW_ERROR);
    }

    private void count(ReadScope scope, Outcome outcome) {
        outcomes.count(scope.resource(), outcome);
    }
}
