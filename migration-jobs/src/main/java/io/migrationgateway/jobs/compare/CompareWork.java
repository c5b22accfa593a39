package io.migrationgateway.jobs.compare;

import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.store.SliceClaim;
import io.migrationgateway.jobs.work.Comparer.ObjectKey;
import io.migrationgateway.jobs.work.Comparer.Outcomes;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.jobs.work.Throttle;
import io.migrationgateway.translators.table.Fingerprint;
import io.migrationgateway.translators.table.KeyRange;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The compare job (shadow evidence on demand): the legacy rows of each slice in id order, a chunk at a time from the
 * checkpoint, each object read through both paths of the gateway by the {@link io.migrationgateway.jobs.work.Comparer}
 * at no more than the job's rate (objects per second), and each org's lists and searches once per runner (stored as
 * evidence, not counted: the job's counts are objects). Counts go in with the chunk's checkpoint: objects read as
 * processed, matching and differing ones, and those that could not be compared as unconvertible. A runner killed
 * mid-chunk compares the chunk again, which only adds evidence.
 */
public final class CompareWork<R> {
    /** Objects per second when the job names no rate: a few per second per replica keeps the legacy side unbothered. */
    public static final long DEFAULT_RATE = 50;
    private static final int MAX_CHUNK = 100;

    private final JobContext context;
    private final JobScope<R> job;
    private final long rate;
    /** The orgs whose lists this runner compared. */
    private final Set<Long> listsCompared = new HashSet<>();

    public CompareWork(JobContext context, JobScope<R> job) {
        this.context = context;
        this.job = job;
        this.rate = job.spec().rate() > 0 ? job.spec().rate() : DEFAULT_RATE;
    }

    /** Compares the claimed slice from its checkpoint on; whether it finished. */
    public boolean compareSlice(SliceClaim claim, BooleanSupplier keepGoing) throws SQLException, InterruptedException {
        KeyRange range = new KeyRange(Math.max(claim.lo(), context.repository().checkpoint(job.id(), claim.slice()).lastKey()),
            claim.hi());
        Throttle throttle = new Throttle(rate, context.settings().latencyFactor(), context.sleeper(), System::nanoTime);
        int chunk = (int) Math.min(MAX_CHUNK, rate);
        while (true) {
            // the wait for the rate comes first, so that a pause or cancel meanwhile is seen before the next chunk
            throttle.beforeRead(chunk);
            if (!keepGoing.getAsBoolean()) {
                return false;
            }
            List<Fingerprint> rows;
            try (Connection c = context.legacy().getConnection()) {
                rows = job.table().fingerprints(c, range, job.org(), chunk);
            }
            if (rows.isEmpty()) {
                return true;
            }
            long started = System.nanoTime();
            Outcomes outcomes = context.comparer().compareObjects(job.spec().resource(),
                rows.stream().map(row -> new ObjectKey(row.orgId(), row.uid(), row.id())).toList());
            if (job.spec().namespace().isEmpty()) {
                compareListsOnce(rows);
            }
            throttle.afterRead(rows.size(), Duration.ofNanos(System.nanoTime() - started));
            long last = rows.getLast().id();
            Counts counts = counts(outcomes);
            context.repository().inTransaction(c -> {
                context.repository().advance(c, job.id(), claim.slice(), last, "", counts);
                return null;
            });
            if (last >= range.last()) {
                return true;
            }
            range = range.from(last);
        }
    }

    /**
     * The last step: the lists of the job's namespace (an empty one included, whose lists are its only evidence), then
     * the totals as the job's message.
     */
    public String finish() throws SQLException, InterruptedException {
        String lists = "";
        if (job.org().isPresent()) {
            Outcomes listed = context.comparer().compareLists(job.spec().resource(), job.org().getAsLong());
            lists = String.format("; lists of %s: %d compared, %d differ%s", job.spec().namespace().orElseThrow(), listed.compared(),
                listed.mismatched(), listed.failed() > 0 ? ", " + listed.failed() + " failed (" + listed.firstFailure() + ")" : "");
        }
        Counts totals = context.repository().inTransaction(c -> context.repository().checkpointTotals(c, job.id(), 0));
        String summary = String.format("compared %d objects: %d match, %d differ", totals.processed() - totals.unconvertible(),
            totals.matching(), totals.mismatched());
        if (totals.unconvertible() > 0) {
            summary += ", " + totals.unconvertible() + " could not be compared (the shadow report says why)";
        }
        return summary + lists + (totals.mismatched() > 0 ? "; the shadow report names the differing paths" : "");
    }

    private void compareListsOnce(List<Fingerprint> rows) throws InterruptedException {
        Set<Long> orgs = new LinkedHashSet<>();
        rows.forEach(row -> orgs.add(row.orgId()));
        orgs.removeAll(listsCompared);
        for (long org : orgs) {
            context.comparer().compareLists(job.spec().resource(), org);
            listsCompared.add(org);
        }
    }

    private static Counts counts(Outcomes outcomes) {
        long read = outcomes.compared() + outcomes.failed();
        return new Counts(read, 0, 0, 0, 0, outcomes.failed(), outcomes.compared() - outcomes.mismatched(),
            outcomes.mismatched(), 0, 0);
    }
}
