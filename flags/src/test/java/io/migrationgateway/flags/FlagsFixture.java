package io.migrationgateway.flags;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.GateThresholds;
import io.migrationgateway.flags.postgres.FlagsSchema;
import io.migrationgateway.testsupport.TestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A fresh schema with the flags' tables, and the {@link MigrationFlags} "replicas" a test starts on it, each with
 * its own connection pool as separate processes would have; all closed (and the schema dropped) with it.
 */
final class FlagsFixture implements AutoCloseable {
    static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    static final String FOLDERS = "folders.folder.grafana.app";
    static final List<String> RESOURCES = List.of(DASHBOARDS, FOLDERS, "playlists.playlist.grafana.app");
    static final FlagsSettings SETTINGS = new FlagsSettings(Duration.ofMinutes(5), new GateThresholds(0.001, 1000),
            FlagsSettings.EVERY_MODE);

    final String schema = TestDatabase.newSchema();
    private final List<AutoCloseable> opened = new ArrayList<>();

    FlagsFixture() {
        try (HikariDataSource migrator = pool()) {
            FlagsSchema.migrate(migrator, schema);
        }
    }

    HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(TestDatabase.url());
        // lets a test find this fixture's sessions among others on a shared server
        config.addDataSourceProperty("ApplicationName", applicationName());
        config.setSchema(schema);
        config.setMaximumPoolSize(4);
        return new HikariDataSource(config);
    }

    String applicationName() {
        return "flags-" + schema;
    }

    /** Another process's flags on this schema. */
    MigrationFlags replica(GateEvidence evidence) {
        return replica(evidence, SETTINGS);
    }

    MigrationFlags replica(GateEvidence evidence, FlagsSettings settings) {
        HikariDataSource pool = pool();
        MigrationFlags flags = MigrationFlags.start(pool, RESOURCES, settings, evidence, Clock.systemUTC());
        opened.add(pool);
        opened.add(flags); // closed before its pool: closing runs in reverse order
        return flags;
    }

    @Override
    public void close() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        TestDatabase.dropSchema(schema);
    }
}
