package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARDS;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A copy of 100,000 rows in a child JVM, killed with SIGKILL at 10 random points, each restart resuming
 * from its checkpoint; then every row is there exactly once and the verification is at full parity.
 */
class KillAndResumeIT {
    private static final int ROWS = 100_000;
    private static final int KILLS = 10;

    private final JobsFixture fixture;

    KillAndResumeIT() throws Exception {
        fixture = new JobsFixture().generated(ROWS);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void aCopyKilledTenTimesResumesEachTimeAndEndsWithEveryRowOnceAndFullParity() throws Exception {
        long jobId = new JobRepository(fixture.unified).create(new JobSpec(JobKind.COPY, DASHBOARDS, Optional.empty()));
        Path log = Files.createTempFile("job-process", ".log");
        Random random = new Random();
        long seed = random.nextLong();
        random.setSeed(seed);
        long before = 0;
        for (int kill = 0; kill < KILLS; kill++) {
            // a random number of rows this run may copy before it dies: somewhere in its fair share of what is left
            long share = (ROWS - before) / (KILLS - kill + 1);
            long target = before + 1 + (long) (random.nextDouble() * share);
            Process child = JobProcess.start(fixture, jobId, 2000, log);
            while (processed(jobId) < target && child.isAlive()) {
                Thread.sleep(5);
            }
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            long after = processed(jobId);
            assertThat(after).as("run %d (seed %d) resumed and made progress; log %s", kill, seed, log)
                .isGreaterThan(before);
            assertThat(after).as("killed before the end").isLessThan(ROWS);
            before = after;
        }
        Process last = JobProcess.start(fixture, jobId, 2000, log);
        assertThat(last.waitFor(2, TimeUnit.MINUTES)).isTrue();

        JobStatus copied = new MigrationJobs(fixture.context(JobSettings.defaults(), fixture.unified, fixture.store),
            GrafanaResources.tables(JobsFixture.TRANSLATORS)).status(jobId);
        assertThat(copied.state()).as(copied.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(copied.counts().processed()).isEqualTo(ROWS);
        assertThat(copied.counts().created()).isEqualTo(ROWS);
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource")).isEqualTo(ROWS);
        assertThat(fixture.unifiedCount("SELECT count(DISTINCT name) FROM resource")).isEqualTo(ROWS);
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource_history")).isEqualTo(ROWS);

        JobStatus verified = runToEnd(fixture.jobs(JobSettings.defaults()), JobKind.VERIFY, null);
        assertThat(verified.counts().matching()).isEqualTo(ROWS);
        assertThat(verified.counts().anyDifference()).isFalse();
    }

    private long processed(long jobId) throws Exception {
        return fixture.unifiedCount("SELECT coalesce(sum(processed), 0) FROM migration_job_checkpoint WHERE job_id = "
            + jobId);
    }
}
