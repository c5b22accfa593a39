package io.migrationgateway.flags.postgres;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Creates and upgrades the flags' tables ({@code migration_flag}, {@code migration_flag_audit}) in one schema.
 * Call it once at startup, before {@link io.migrationgateway.flags.MigrationFlags#start}.
 */
public final class FlagsSchema {
    private FlagsSchema() {
    }

    /**
     * Migrates {@code schema} (created when missing) to the latest version. The schema may already hold other
     * modules' tables: the flags keep their own history table, {@code flyway_flags_history}, and treat a schema
     * they have not seen yet as version 0.
     */
    public static void migrate(DataSource dataSource, String schema) {
        Flyway.configure()
                .dataSource(dataSource)
                .schemas(schema)
                .defaultSchema(schema)
                .table("flyway_flags_history")
                .locations("classpath:db/flags")
                // a schema holding other modules' tables is "non-empty" to Flyway; baselining at 0 still applies V1
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
