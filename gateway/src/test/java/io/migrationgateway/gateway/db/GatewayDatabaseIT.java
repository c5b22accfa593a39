package io.migrationgateway.gateway.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.testsupport.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.migrationgateway.testsupport.MutableClock;

/** Flyway on a real PostgreSQL, the embedded PostgreSQL and its persistence, the node registry. */
class GatewayDatabaseIT {
    private static final Duration LIVE_FOR = Duration.ofSeconds(30);

    private static List<String> migrations(GatewayDatabase database, String schema) throws SQLException {
        List<String> versions = new ArrayList<>();
        try (Connection c = database.dataSource().getConnection();
             ResultSet rows = c.createStatement().executeQuery(
                     "SELECT version, success FROM " + schema + ".flyway_schema_history WHERE version IS NOT NULL ORDER BY installed_rank")) {
            while (rows.next()) {
                assertThat(rows.getBoolean("success")).isTrue();
                versions.add(rows.getString("version"));
            }
        }
        return versions;
    }

    @Test
    void flywayMigratesTheGatewaySchemaOnceOnTheConfiguredServer() throws Exception {
        String schema = TestDatabase.newSchema();
        DatabaseConfig config = new DatabaseConfig(TestDatabase.url(), "", "", schema, 4);
        try {
            try (GatewayDatabase database = GatewayDatabase.open(config, Path.of("unused"))) {
                assertThat(migrations(database, schema)).containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
                assertThat(database.isReachable(2)).isTrue();
                assertThat(database.description()).doesNotContain("password");
            }
            try (GatewayDatabase again = GatewayDatabase.open(config, Path.of("unused"))) {
                assertThat(migrations(again, schema)).containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
            }
        } finally {
            TestDatabase.dropSchema(schema);
        }
    }

    @Test
    void unreachableServerIsReportedAsUnavailable() {
        DatabaseConfig config = new DatabaseConfig("jdbc:postgresql://127.0.0.1:1/none", "", "", "gateway", 4);
        assertThatThrownBy(() -> GatewayDatabase.open(config, Path.of("unused")))
                .isInstanceOf(DatabaseUnavailableException.class)
                .hasMessageContaining("cannot migrate");
    }

    @Test
    void embeddedPostgresStartsUnderTheDataDirAndKeepsDataAcrossRestarts(@TempDir Path dataDir) throws Exception {
        DatabaseConfig embedded = new DatabaseConfig("", "", "", "gateway", 4);
        Clock clock = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);
        try (GatewayDatabase database = GatewayDatabase.open(embedded, dataDir)) {
            assertThat(database.description()).startsWith("embedded PostgreSQL");
            new NodeRegistry(database.dataSource(), clock, "survivor", LIVE_FOR).register("1.0");
        }
        assertThat(Files.exists(dataDir.resolve("postgres").resolve("PG_VERSION"))).isTrue();

        try (GatewayDatabase restarted = GatewayDatabase.open(embedded, dataDir)) {
            assertThat(new NodeRegistry(restarted.dataSource(), clock, "other", LIVE_FOR).nodes())
                    .extracting(NodeRegistry.Node::nodeId).containsExactly("survivor");
            assertThat(migrations(restarted, "gateway")).containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
        }
    }

    @Test
    void nodesRegisterBeatAndLeave() throws Exception {
        String schema = TestDatabase.newSchema();
        MutableClock clock = new MutableClock(Instant.parse("2026-11-21T10:00:00Z"));
        try (GatewayDatabase database = GatewayDatabase.open(new DatabaseConfig(TestDatabase.url(), "", "", schema, 4), Path.of("unused"))) {
            NodeRegistry a = new NodeRegistry(database.dataSource(), clock, "a", LIVE_FOR);
            NodeRegistry b = new NodeRegistry(database.dataSource(), clock, "b", LIVE_FOR);
            a.register("1.0");
            b.register("1.1");
            clock.advance(Duration.ofSeconds(10));
            a.heartbeat();

            List<NodeRegistry.Node> nodes = a.nodes();
            assertThat(nodes).extracting(NodeRegistry.Node::nodeId).containsExactly("a", "b");
            assertThat(nodes.get(0).lastSeen()).isEqualTo(Instant.parse("2026-11-21T10:00:10Z"));
            assertThat(nodes.get(1).lastSeen()).isEqualTo(Instant.parse("2026-11-21T10:00:00Z"));
            assertThat(nodes.get(1).version()).isEqualTo("1.1");
            assertThat(nodes).extracting(NodeRegistry.Node::live).containsExactly(true, true);
            clock.advance(Duration.ofSeconds(25));
            assertThat(a.nodes()).extracting(NodeRegistry.Node::live).containsExactly(true, false);

            a.deregister();
            assertThat(b.nodes()).extracting(NodeRegistry.Node::nodeId).containsExactly("b");
        } finally {
            TestDatabase.dropSchema(schema);
        }
    }
}
