package io.migrationgateway.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.testsupport.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A fresh schema with unified storage's tables, a pool on it, and the stores a test opens (closed with it). */
final class StoreFixture implements AutoCloseable {
    static final GroupResource DASHBOARDS = new GroupResource("dashboard.grafana.app", "dashboards");
    static final ObjectMapper JSON = new ObjectMapper();
    /** Dashboards' searchable fields as Grafana's kinds declare them. */
    static final SearchableFields DASHBOARD_SEARCH = new SearchableFields("/spec/title", "/spec/tags", 50,
        "/metadata/annotations/grafana.app~1folder", "/metadata/labels/grafana.app~1deprecatedInternalID");

    final String schema = TestDatabase.newSchema();
    final HikariDataSource dataSource;
    private final List<PostgresResourceStore> stores = new ArrayList<>();

    StoreFixture() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(TestDatabase.url());
        config.setSchema(schema);
        config.setMaximumPoolSize(12);
        dataSource = new HikariDataSource(config);
        try {
            UnifiedStorageSchema.migrate(dataSource, schema);
        } catch (RuntimeException e) {
            dataSource.close(); // a test instance that fails to build is never closed: its pool must not outlive it
            throw e;
        }
    }

    PostgresResourceStore store(Clock clock, StorageSettings settings) {
        PostgresResourceStore store = new PostgresResourceStore(dataSource, clock, settings);
        stores.add(store);
        return store;
    }

    /** A store on the fixture's schema where dashboards are searchable. */
    PostgresResourceStore store() {
        return store(Clock.systemUTC(), StorageSettings.defaults().withSearchable(Map.of(DASHBOARDS, DASHBOARD_SEARCH)));
    }

    /** A dashboard with a title in its spec and {@code labels} given as key, value, key, value... */
    static ObjectNode dashboard(String namespace, String name, String title, String... labels) {
        ObjectNode object = JSON.createObjectNode();
        object.put("apiVersion", "dashboard.grafana.app/v1beta1").put("kind", "Dashboard");
        ObjectNode meta = object.putObject("metadata");
        if (name != null) {
            meta.put("name", name);
        }
        meta.put("namespace", namespace);
        if (labels.length > 0) {
            ObjectNode l = meta.putObject("labels");
            for (int i = 0; i < labels.length; i += 2) {
                l.put(labels[i], labels[i + 1]);
            }
        }
        object.putObject("spec").put("title", title);
        return object;
    }

    static String name(ObjectNode object) {
        return object.path("metadata").path("name").asText();
    }

    static long rv(ObjectNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    /** Polls until {@code count} events arrived, the watch ended or {@code within} passed; returns what arrived. */
    static List<WatchEvent> take(Watch watch, int count, Duration within) throws InterruptedException {
        List<WatchEvent> out = new ArrayList<>();
        long deadline = System.nanoTime() + within.toNanos();
        while (out.size() < count && !watch.isDone()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            WatchEvent event = watch.poll(Duration.ofNanos(left));
            if (event != null) {
                out.add(event);
            }
        }
        return out;
    }

    /** Asserts the watch stays quiet for a short while (there is no event to wait for). */
    static void assertQuiet(Watch watch) throws InterruptedException {
        assertThat(watch.poll(Duration.ofMillis(300))).isNull();
    }

    /** The resource versions of {@code resource_history}, in version order. */
    List<Long> historyVersions() throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT resource_version FROM resource_history ORDER BY 1");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    long count(String sql) throws SQLException {
        return Long.parseLong(text(sql));
    }

    String text(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Override
    public void close() {
        stores.forEach(PostgresResourceStore::close);
        dataSource.close();
        TestDatabase.dropSchema(schema);
    }
}
