package io.migrationgateway.jobs.store;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Creates and upgrades the jobs' tables ({@code migration_job}, {@code migration_job_slice},
 * {@code migration_job_checkpoint}, {@code migration_job_finding}, {@code migration_verification}) in the schema of
 * unified storage, with this module's own Flyway history table.
 */
public final class JobsSchema {
    private JobsSchema() {
    }

    public static void migrate(DataSource dataSource, String schema) {
        Flyway.configure()
            .dataSource(dataSource)
            .schemas(schema)
            .defaultSchema(schema)
            .table("flyway_migration_jobs_history")
            .locations("classpath:db/jobs")
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .load()
            .migrate();
    }
}
