package io.migrationgateway.jobs;

import io.migrationgateway.jobs.work.KeptMetadata;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.jobs.store.JobsSchema;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.legacysim.seed.Seeder;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.NameRule;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.storage.sql.StorageSettings;
import io.migrationgateway.storage.sql.UnifiedStorageSchema;
import io.migrationgateway.testsupport.TestDatabase;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.flywaydb.core.Flyway;

/**
 * Two schemas of the test database: the legacy tables (migrated as the simulator migrates them) and the gateway's
 * (unified storage and the jobs' tables), a pool on each, a store, and the jobs built from them. Closed with the test.
 */
final class JobsFixture implements AutoCloseable {
    static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    /** Unified storage as the gateway runs it: Grafana's uids (upper case, say) are names it takes. */
    static final StorageSettings STORAGE = StorageSettings.defaults().withNames(NameRule.GRAFANA);
    static final GroupResource DASHBOARD_GR = new GroupResource("dashboard.grafana.app", "dashboards");
    static final TranslatorSettings TRANSLATORS = new TranslatorSettings(Namespaces.onPrem(),
        kind -> new AtomicLong(1_000_000_000L).incrementAndGet(), UserIdentities.byLogin(), Clock.systemUTC(),
        new SecureRandom());

    final String legacySchema = TestDatabase.newSchema();
    final String unifiedSchema = TestDatabase.newSchema();
    final HikariDataSource legacy;
    final HikariDataSource unified;
    final PostgresResourceStore store;
    private final List<AutoCloseable> closing = new ArrayList<>();

    JobsFixture() {
        legacy = pool(legacySchema, 8);
        unified = pool(unifiedSchema, 12);
        Flyway.configure().dataSource(legacy).schemas(legacySchema).defaultSchema(legacySchema)
            .locations("classpath:db/legacy").load().migrate();
        UnifiedStorageSchema.migrate(unified, unifiedSchema);
        JobsSchema.migrate(unified, unifiedSchema);
        store = new PostgresResourceStore(unified, Clock.systemUTC(), STORAGE);
    }

    static HikariDataSource pool(String schema, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(TestDatabase.url());
        config.setSchema(schema);
        config.setMaximumPoolSize(size);
        return new HikariDataSource(config);
    }

    /** The simulator's seed: two orgs, users, the real dashboards in folders. */
    JobsFixture seeded() {
        new Seeder(legacy, Clock.systemUTC()).seedIfEmpty("admin", "glsa_test_token");
        return this;
    }

    /**
     * {@code count} small generated dashboards in org 1, written in SQL (fast), version 1, with a model that carries
     * its uid, title and a panel.
     */
    JobsFixture generated(int count) throws SQLException {
        try (Connection c = legacy.getConnection(); Statement s = c.createStatement()) {
            s.execute("INSERT INTO org (version, name, created, updated) SELECT 1, 'Main Org.', now(), now() "
                + "WHERE NOT EXISTS (SELECT 1 FROM org)");
            s.execute("INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, created_by, updated_by, "
                + "uid) SELECT 1, 'gen-' || i, 'Generated ' || i, json_build_object('uid', 'gen-' || i, 'title', "
                + "'Generated ' || i, 'version', 1, 'schemaVersion', 39, 'tags', json_build_array('t' || (i % 7)), "
                + "'panels', json_build_array(json_build_object('id', 1, 'type', 'timeseries', 'title', 'p' || i)))::text, "
                + "1, timestamp '2024-01-01' + i * interval '1 second', timestamp '2024-01-01' + i * interval '1 second', "
                + "0, 0, 'gen-' || i FROM generate_series(1, " + count + ") i");
            s.execute("ANALYZE dashboard");
        }
        return this;
    }

    JobContext context(JobSettings settings, HikariDataSource unifiedPool, PostgresResourceStore onStore) {
        return new JobContext(new JobRepository(unifiedPool), legacy, unifiedPool, onStore, onStore, Namespaces.onPrem(),
            settings, d -> Thread.sleep(d), KeptMetadata.NONE);
    }

    MigrationJobs jobs(JobSettings settings) {
        MigrationJobs jobs = new MigrationJobs(context(settings, unified, store), GrafanaResources.tables(TRANSLATORS));
        closing.add(jobs);
        return jobs;
    }

    /** Runs a job on dashboards to its end and returns its status. */
    static JobStatus runToEnd(MigrationJobs jobs, JobKind kind, String namespace) {
        return runToEnd(jobs, new JobSpec(kind, DASHBOARDS, java.util.Optional.ofNullable(namespace)));
    }

    /** Runs a job to its end and returns its status. */
    static JobStatus runToEnd(MigrationJobs jobs, JobSpec spec) {
        JobStatus started = jobs.start(spec);
        try {
            return jobs.await(started.id(), Duration.ofMinutes(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The uid of the first dashboard of org 1 (by id) that is a valid object name, so that the copy takes it. */
    String firstCopyableUid() throws SQLException {
        try (var c = legacy.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT uid FROM dashboard WHERE NOT is_folder AND org_id = 1 AND uid ~ '^[a-z0-9-]+$' "
                 + "ORDER BY id LIMIT 1")) {
            rs.next();
            return rs.getString(1);
        }
    }

    long legacyCount(String sql) throws SQLException {
        return count(legacy, sql);
    }

    long unifiedCount(String sql) throws SQLException {
        return count(unified, sql);
    }

    void legacySql(String sql) throws SQLException {
        try (Connection c = legacy.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    static long count(HikariDataSource pool, String sql) throws SQLException {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    void closeLater(AutoCloseable closeable) {
        closing.add(closeable);
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : closing.reversed()) {
            c.close();
        }
        store.close();
        legacy.close();
        unified.close();
        TestDatabase.dropSchema(legacySchema);
        TestDatabase.dropSchema(unifiedSchema);
    }
}
