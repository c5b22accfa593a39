package io.migrationgateway.gateway.jobs;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.gateway.config.JobsConfig;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.gateway.routing.SweepRoutes;
import io.migrationgateway.gateway.shadow.ShadowSweep;
import io.migrationgateway.jobs.work.Comparer;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.jobs.work.KeptMetadata;
import io.migrationgateway.jobs.JobEvidence;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.jobs.MigrationJobs;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.jobs.store.JobsSchema;
import io.migrationgateway.storage.ObjectImport;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.translators.TranslatorSettings;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration jobs of this gateway: their tables (migrated at start, so the gate and the reports can read them even
 * where no job can run), the jobs themselves when the legacy database is configured, and a periodic look for running
 * jobs that another replica started, to share their slices.
 */
public final class GatewayJobs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayJobs.class);

    private final Optional<MigrationJobs> jobs;
    private final ScheduledExecutorService joiner;

    private GatewayJobs(Optional<MigrationJobs> jobs, ScheduledExecutorService joiner) {
        this.jobs = jobs;
        this.joiner = joiner;
    }

    /**
     * Creates or upgrades the jobs' tables, so the gate and the reports can read them even where no job can run; the
     * verifications and reverse copies the flip gate reads.
     */
    public static GateEvidence migrate(DataSource database, String schema) {
        JobsSchema.migrate(database, schema);
        return new JobEvidence(new JobRepository(database));
    }

    /**
     * @param database       the gateway's database (unified storage and the jobs' tables)
     * @param schema         its schema
     * @param legacyDatabase the legacy deployment's database; without it no job runs
     * @param kept           what the gateway keeps of objects beside their legacy rows, which copies carry
     * @param sweeps         the reads a compare job makes, and where their comparisons are stored
     * @param compareAuthorization what a compare job reads both sides with when {@code jobs.compare-authorization} is not set
     */
    public static GatewayJobs start(JobsConfig config, DataSource database, Optional<DataSource> legacyDatabase,
                                    ResourceStore store, ObjectImport imports, TranslatorSettings translators, KeptMetadata kept,
                                    SweepRoutes sweeps, ShadowSweep sweep, String compareAuthorization) {
        JobRepository repository = new JobRepository(database);
        Comparer comparer = new SweepComparer(sweeps, sweep,
                config.compareAuthorization().isEmpty() ? compareAuthorization : config.compareAuthorization());
        ScheduledExecutorService joiner = OutOfMemoryPolicy.scheduler("migration-jobs-join");
        Optional<MigrationJobs> jobs = legacyDatabase.map(legacy -> new MigrationJobs(new JobContext(repository, legacy, database,
                store, imports, translators.namespaces(), settings(config), Thread::sleep, kept, comparer), GrafanaResources.tables(translators),
                config.compareRate()));
        jobs.ifPresent(running -> joiner.scheduleWithFixedDelay(() -> join(running), config.joinInterval().toMillis(),
                config.joinInterval().toMillis(), TimeUnit.MILLISECONDS));
        return new GatewayJobs(jobs, joiner);
    }

    private static JobSettings settings(JobsConfig config) {
        JobSettings d = JobSettings.defaults();
        return new JobSettings(config.chunkTarget(), d.initialChunk(), d.maxChunk(), config.maxRowsPerSecond(), d.latencyFactor(),
                config.sliceRows(), d.catchUpThreshold(), d.catchUpPasses(), config.recheckDelay(), d.samples());
    }

    private static void join(MigrationJobs jobs) {
        try {
            jobs.joinRunningJobs();
        } catch (RuntimeException e) {
            LOG.warn("could not look for running migration jobs to join: {}", e.getMessage());
        }
    }

    /** The jobs, or empty when {@code legacy.database-url} is not set (then no job can run here). */
    public Optional<MigrationJobs> jobs() {
        return jobs;
    }

    @Override
    public void close() {
        joiner.shutdownNow();
        jobs.ifPresent(MigrationJobs::close);
    }
}
