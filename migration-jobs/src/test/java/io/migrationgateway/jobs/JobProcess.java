package io.migrationgateway.jobs;

import io.migrationgateway.jobs.work.KeptMetadata;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A job runner in a JVM of its own, as a second gateway replica runs one: {@code JobProcess <legacy schema>
 * <unified schema> <job id> [max rows per chunk]} runs the job here until it is done, on the test database.
 */
public final class JobProcess {
    private JobProcess() {
    }

    public static void main(String[] args) throws Exception {
        int maxChunk = args.length > 3 ? Integer.parseInt(args[3]) : JobSettings.defaults().maxChunk();
        JobSettings settings = JobSettings.defaults().withChunks(JobSettings.defaults().chunkTarget(),
            Math.min(500, maxChunk), maxChunk);
        try (HikariDataSource legacy = JobsFixture.pool(args[0], 2);
             HikariDataSource unified = JobsFixture.pool(args[1], 4);
             PostgresResourceStore store = new PostgresResourceStore(unified, Clock.systemUTC(), JobsFixture.STORAGE)) {
            JobContext context = new JobContext(new JobRepository(unified), legacy, unified, store, store,
                Namespaces.onPrem(), settings, d -> Thread.sleep(d), KeptMetadata.NONE);
            new MigrationJobs(context, GrafanaResources.tables(JobsFixture.TRANSLATORS)).runHere(Long.parseLong(args[2]));
        }
    }

    /** Starts one, its output appended to {@code log}. */
    static Process start(JobsFixture fixture, long jobId, int maxChunk, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m", "-cp", System.getProperty("java.class.path"), JobProcess.class.getName(), fixture.legacySchema,
            fixture.unifiedSchema, Long.toString(jobId), Integer.toString(maxChunk)));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put("TEST_DATABASE_URL", io.migrationgateway.testsupport.TestDatabase.url());
        return builder.start();
    }
}
