package io.migrationgateway.jobs;

import io.migrationgateway.jobs.compare.CompareWork;
import io.migrationgateway.jobs.copy.CopyWork;
import io.migrationgateway.jobs.reverse.ReverseCopyWork;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.jobs.store.SliceClaim;
import io.migrationgateway.jobs.verify.VerifyWork;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job in this process until it is done, paused or cancelled, or nothing is left for this runner: plans it
 * (once, whichever runner comes first), then claims slices one at a time, and does the last step when its turn comes.
 * Any number of runners, in any processes, may run the same job; each slice is worked on by one at a time.
 */
final class JobRunner<R> {
    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);
    // The reverse copy counts its copy under slice 0 and its verification from slice 1 on.
    private static final int REVERSE_VERIFY_SLICE = 1;

    private final JobContext context;
    private final JobScope<R> job;
    private final BooleanSupplier processRunning;
    // one per runner: it remembers which orgs' lists this runner compared
    private final CompareWork<R> compare;

    JobRunner(JobContext context, JobScope<R> job, BooleanSupplier processRunning) {
        this.context = context;
        this.job = job;
        this.processRunning = processRunning;
        this.compare = new CompareWork<>(context, job);
    }

    void run() {
        try {
            JobRepository repository = context.repository();
            repository.planOnce(job.id(), this::plan);
            while (keepGoing()) {
                Optional<SliceClaim> claimed = repository.claim(job.id());
                if (claimed.isEmpty()) {
                    return;
                }
                try (SliceClaim claim = claimed.get()) {
                    boolean finished = claim.isFinal() ? lastStep() : work(claim);
                    if (!finished) {
                        return;
                    }
                    claim.finish();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException | RuntimeException e) {
            LOG.warn("{} (job {}) failed", job.spec().describe(), job.id(), e);
            try {
                context.repository().end(job.id(), JobState.FAILED, e.getClass().getSimpleName() + ": " + e.getMessage());
            } catch (SQLException again) {
                LOG.warn("could not record the failure of job {}", job.id(), again);
            }
        }
    }

    private boolean keepGoing() {
        if (!processRunning.getAsBoolean() || Thread.currentThread().isInterrupted()) {
            return false;
        }
        try {
            return context.repository().state(job.id()) == JobState.RUNNING;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the state of job " + job.id(), e);
        }
    }

    private JobRepository.Plan plan() throws SQLException {
        try (Connection c = context.legacy().getConnection()) {
            LocalDateTime watermark = CopyWork.legacyClock(c);
            if (job.spec().kind() == JobKind.REVERSE_COPY) {
                return new JobRepository.Plan(List.of(), new ReverseCopyWork<>(context, job).count(), watermark);
            }
            return new JobRepository.Plan(job.table().sliceBounds(c, job.org(), context.settings().sliceRows()),
                job.table().count(c, job.org()), watermark);
        }
    }

    private boolean work(SliceClaim claim) throws SQLException, InterruptedException {
        return switch (job.spec().kind()) {
            case COPY -> new CopyWork<>(context, job).copySlice(claim, this::keepGoing);
            case VERIFY -> new VerifyWork<>(context, job, 0).verifySlice(claim, this::keepGoing);
            case REVERSE_COPY -> new ReverseCopyWork<>(context, job).copySlice(claim, this::keepGoing);
            case COMPARE -> compare.compareSlice(claim, this::keepGoing);
        };
    }

    /** Catch-up, or the verification's totals; ends the job before the step is marked done. */
    private boolean lastStep() throws SQLException, InterruptedException {
        String message;
        switch (job.spec().kind()) {
            case COPY -> {
                LocalDateTime watermark = context.repository().watermark(job.id()).orElseThrow();
                if (!new CopyWork<>(context, job).catchUp(watermark, this::keepGoing)) {
                    return false;
                }
                message = "copied";
            }
            case VERIFY -> message = summary(new VerifyWork<>(context, job, 0).finish(VerifyWork.LEGACY_TO_UNIFIED));
            case COMPARE -> message = compare.finish();
            case REVERSE_COPY -> {
                VerifyWork<R> verify = new VerifyWork<>(context, job, REVERSE_VERIFY_SLICE);
                long after = context.repository().checkpoint(job.id(), REVERSE_VERIFY_SLICE).lastKey();
                if (!verify.verifyRange(REVERSE_VERIFY_SLICE, new KeyRange(after, Long.MAX_VALUE), this::keepGoing)) {
                    return false;
                }
                message = summary(verify.finish(VerifyWork.UNIFIED_TO_LEGACY));
            }
            default -> throw new IllegalStateException("unknown job kind " + job.spec().kind());
        }
        context.repository().end(job.id(), JobState.SUCCEEDED, message);
        return true;
    }

    private static String summary(Counts totals) {
        return totals.anyDifference()
            ? String.format("differences: %d mismatched, %d missing in unified, %d extra in unified, %d unconvertible",
                totals.mismatched(), totals.missing(), totals.extra(), totals.unconvertible())
            : "parity: " + totals.matching() + " of " + totals.processed() + " rows match";
    }
}
