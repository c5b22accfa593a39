package io.migrationgateway.storage.sql;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Creates and upgrades unified storage's tables ({@code resource}, {@code resource_history},
 * {@code resource_version}, {@code resource_compaction}) in one schema. Call it once at startup, before
 * building a {@link PostgresResourceStore} whose connections use that schema.
 */
public final class UnifiedStorageSchema {
    private UnifiedStorageSchema() {
    }

    /**
     * Migrates {@code schema} (created when missing) to the latest version. The schema may already hold other
     * tables (the gateway's own, under Flyway's default history table): this module keeps its own history
     * table, {@code flyway_unified_storage_history}, and treats a schema it has not seen yet as version 0.
     */
    public static void migrate(DataSource dataSource, String schema) {
        Flyway.configure()
            .dataSource(dataSource)
            .schemas(schema)
            .defaultSchema(schema)
            .table("flyway_unified_storage_history")
            .locations("classpath:db/storage")
            // A schema holding the gateway's tables is "non-empty" to Flyway; baselining at 0 still applies V1.
            .baselineOnMigrate(true)
            .baselineVersion("0")
            .load()
            .migrate();
    }
}
