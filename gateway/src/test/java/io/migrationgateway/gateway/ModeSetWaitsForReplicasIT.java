package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code mode set} against one of two gateways sharing a database: it prints the gate's checks and then waits until
 * every live replica serves the new mode, and names a replica that does not.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ModeSetWaitsForReplicasIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway first;
    private static TestGateway second;

    @BeforeAll
    static void start() {
        first = TestGateway.start(legacy.baseUrl());
        second = TestGateway.replicaOf(first, legacy.baseUrl(), Map.of());
    }

    @AfterAll
    static void stop() {
        second.close();
        first.close();
    }

    @Test
    void aFlipPrintsEveryCheckOfTheGateAndHowSoonBothReplicasServeIt() throws Exception {
        Run run = Cli.run(first, "mode", "set", "playlists", "3", "--reason", "unified reads, unverified", "--force",
                "--wait", "5s"); // shorter than a heartbeat: the replicas must report the flip as they hear it

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("APPLIED", "(all): 0 -> 3: inconclusive (forced)")
                .containsPattern("(?m)^ +verification +inconclusive +no verification has run for playlists")
                .containsPattern("(?m)^ +outbox +pass +the dual-write outbox of playlists.* is empty")
                .containsPattern("all 2 replicas serve mode 3 for playlists after \\d+\\.\\d s");
        for (JsonNode node : new AdminClient(second).getJson("/admin/nodes")) {
            assertThat(node.path("live").asBoolean()).isTrue();
            assertThat(node.at("/serves/playlists.playlist.grafana.app/mode").asInt()).isEqualTo(3);
        }
    }

    @Test
    void aLiveReplicaStillServingTheOldModeIsNamedAndTheCommandExitsFour() throws Exception {
        // a replica that beats its heartbeat but has not heard of the flip: its row as the others' were before it
        execute(first, "INSERT INTO gateway_node (node_id, version, started_at, last_seen, served_modes) "
                + "SELECT 'lagging-replica', version, started_at, now(), served_modes FROM gateway_node LIMIT 1");
        try {
            Run run = Cli.run(first, "mode", "set", "folders", "1", "--reason", "start shadowing", "--wait", "1s");

            assertThat(run.exitCode()).isEqualTo(4);
            assertThat(run.out()).contains("APPLIED (verdict: pass)").doesNotContain("all 3 replicas");
            assertThat(run.err()).contains("replica lagging-replica does not serve mode 1 for folders after 1.",
                    "it serves mode 0 (feature off)", "2 of 3 live replicas serve it")
                    .doesNotContain("replica " + first.gateway().nodeId(), "replica " + second.gateway().nodeId());
        } finally {
            execute(first, "DELETE FROM gateway_node WHERE node_id = 'lagging-replica'");
        }
    }

    private static void execute(TestGateway gateway, String sql) throws SQLException {
        try (Connection c = gateway.gateway().database().dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
