package io.migrationgateway.jobs.spec;

import java.time.Instant;
import java.util.Optional;

/**
 * A job as the admin API and the command line show it.
 *
 * @param phase     planning, working (slices), finishing (catch-up, totals), done
 * @param rowsTotal the legacy rows in scope when the job was planned (an estimate for progress and ETA)
 * @param message   why it failed, or what it is doing
 */
public record JobStatus(long id, JobSpec spec, JobState state, String phase, Instant createdAt,
                        Optional<Instant> finishedAt, long rowsTotal, Counts counts, String message) {
}
