package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Runners in two processes (and on two pools in one) share one job by claiming its slices. */
class SharedJobIT {
    private static final int ROWS = 30_000;

    private final JobsFixture fixture;

    SharedJobIT() throws Exception {
        fixture = new JobsFixture().generated(ROWS);
    }

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void twoRunnersOnTheirOwnPoolsCopyEverySliceOnce() throws Exception {
        long jobId = new JobRepository(fixture.unified).create(new JobSpec(JobKind.COPY, DASHBOARDS, Optional.empty()));
        HikariDataSource otherPool = JobsFixture.pool(fixture.unifiedSchema, 4);
        PostgresResourceStore otherStore = new PostgresResourceStore(otherPool, Clock.systemUTC(), JobsFixture.STORAGE);
        fixture.closeLater(otherPool);
        fixture.closeLater(otherStore);
        JobSettings settings = JobSettings.defaults().withSliceRows(2000);
        MigrationJobs one = new MigrationJobs(fixture.context(settings, fixture.unified, fixture.store),
            GrafanaResources.tables(JobsFixture.TRANSLATORS));
        MigrationJobs two = new MigrationJobs(fixture.context(settings, otherPool, otherStore),
            GrafanaResources.tables(JobsFixture.TRANSLATORS));

        Thread first = Thread.ofPlatform().start(() -> one.runHere(jobId));
        Thread second = Thread.ofPlatform().start(() -> two.runHere(jobId));
        first.join();
        second.join();

        assertCopiedOnce(one.status(jobId));
    }

    @Test
    void aSecondProcessJoinsARunningJob() throws Exception {
        long jobId = new JobRepository(fixture.unified).create(new JobSpec(JobKind.COPY, DASHBOARDS, Optional.empty()));
        Path log = Files.createTempFile("job-process", ".log");
        Process child = JobProcess.start(fixture, jobId, 500, log);
        MigrationJobs here = fixture.jobs(JobSettings.defaults().withChunks(JobSettings.defaults().chunkTarget(), 500, 500)
            .withSliceRows(2000));
        here.runHere(jobId);
        assertThat(child.waitFor(2, TimeUnit.MINUTES)).isTrue();

        assertThat(child.exitValue()).isZero();
        assertCopiedOnce(here.status(jobId));
    }

    private void assertCopiedOnce(JobStatus status) throws Exception {
        assertThat(status.state()).as(status.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(status.counts().processed()).isEqualTo(ROWS);
        assertThat(status.counts().created()).isEqualTo(ROWS);
        assertThat(fixture.unifiedCount("SELECT count(*) FROM resource_history")).isEqualTo(ROWS);
        assertThat(fixture.unifiedCount("SELECT count(*) FROM migration_job_slice WHERE NOT done")).isZero();
    }
}
