package io.migrationgateway.gateway.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code migrate compare}: shadow evidence on demand. Every object of a resource, and its lists, read through both paths
 * of the gateway with the configured credentials and recorded as swept comparisons, which the flip gate counts toward
 * "every object compared": a resource without traffic reaches mode 3 without force, and a difference made behind the
 * gateway's back fails both the compare and the gate.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CompareSweepIT {
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String SERVICE_ACCOUNTS = "serviceaccounts.iam.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start("admin-secret", "glsa_comparetest0123456789abcdefg_5eed5eed",
                Map.of("legacy.database-url", "SIM", "jobs.recheck-delay", "50ms",
                        "jobs.compare-authorization", Http.basic("admin", "admin-secret")));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void playlistsWithNoTrafficReachModeThreeThroughACompareAlone() throws Exception {
        int playlists = deployment.legacyRowCount("playlist", "true");
        assertThat(run("mode", "set", "playlists", "2", "--reason", "dual-write").exitCode()).isZero();
        assertThat(run("migrate", "copy", "playlists").exitCode()).isZero();
        assertThat(run("migrate", "verify", "playlists").exitCode()).isZero();

        Run unearned = run("mode", "set", "playlists", "3", "--reason", "unified reads");
        assertThat(unearned.exitCode()).as(unearned.out()).isNotZero();
        assertThat(unearned.out() + unearned.err()).contains("0 of the " + playlists + " objects", "run `migrate compare`");

        Run compare = run("migrate", "compare", "playlists", "--rate", "20");
        assertThat(compare.exitCode()).as(compare.out() + compare.err()).isZero();
        assertThat(compare.out()).contains("compared " + playlists + " objects: " + playlists + " match, 0 differ");
        // each playlist by its two reads, and each org's list; nothing counted as a caller's read
        assertThat(comparisons(PLAYLISTS, true)).isGreaterThanOrEqualTo(2L * playlists + 1);
        assertThat(comparisons(PLAYLISTS, false)).isZero();

        Run flip = run("mode", "set", "playlists", "3", "--reason", "unified reads");
        assertThat(flip.exitCode()).as(flip.out() + flip.err()).isZero();
        assertThat(flip.out()).contains("every object compared: all " + playlists + " objects");
        assertThat(admin.mode(PLAYLISTS, null)).isEqualTo(3);
    }

    @Test
    void serviceAccountsAreComparedByTheirLegacyIdsWithTheirTokens() throws Exception {
        int accounts = deployment.legacyRowCount("\"user\"", "is_service_account");
        assertThat(run("mode", "set", "serviceaccounts", "2", "--reason", "dual-write").exitCode()).isZero();
        assertThat(run("migrate", "copy", "serviceaccounts").exitCode()).isZero();

        Run compare = run("migrate", "compare", "serviceaccounts", "--rate", "20");
        assertThat(compare.exitCode()).as(compare.out() + compare.err()).isZero();
        assertThat(compare.out()).contains("compared " + accounts + " objects: " + accounts + " match, 0 differ");
        // the legacy routes take the account's number: each read once per account, each a match
        assertThat(comparisons(SERVICE_ACCOUNTS, "serviceaccounts.get", "match")).isEqualTo(accounts);
        assertThat(comparisons(SERVICE_ACCOUNTS, "serviceaccounts.tokens", "match")).isEqualTo(accounts);
        assertThat(comparisons(SERVICE_ACCOUNTS, "serviceaccounts.search", "match")).as("each org's first page").isEqualTo(2);
    }

    @Test
    void aDifferenceMadeBehindTheGatewayFailsTheCompareAndTheGate() throws Exception {
        assertThat(run("mode", "set", "folders", "2", "--reason", "dual-write").exitCode()).isZero();
        assertThat(run("migrate", "copy", "folders").exitCode()).isZero();
        assertThat(run("migrate", "verify", "folders").exitCode()).isZero();
        String folder = deployment.legacyUids("dashboard", "is_folder AND org_id = 1").getFirst();
        assertThat(deployment.updateLegacyRows("dashboard", "title = 'Renamed behind the gateway'", "org_id = 1 AND uid = '" + folder + "'")).isOne();

        Run compare = run("migrate", "compare", "folders", "--namespace", "default");
                assertThat(compare.exitCode()).as(compare.out() + compare.err()).isEqualTo(1);
        assertThat(compare.out()).contains("1 differ", "lists of default: ", "the shadow report names the differing paths");

        Run flip = run("mode", "set", "folders", "3", "--reason", "unified reads");
        assertThat(flip.exitCode()).isNotZero();
        assertThat(flip.out() + flip.err()).contains("differed");
        assertThat(admin.mode(FOLDERS, null)).isEqualTo(2);
    }

    @Test
    void aPausedCompareResumesFromItsCheckpointAndComparesEachObjectOnce() throws Exception {
        int dashboards = deployment.legacyRowCount("dashboard", "NOT is_folder AND org_id = 2");
        // ten objects a second, a chunk of ten each second: the pause lands between chunks
        HttpResponse<String> started = admin.post("/admin/jobs",
                "{\"kind\":\"compare\",\"resource\":\"dashboards\",\"namespace\":\"org-2\",\"rate\":10}");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
        String id = JSON.readTree(started.body()).path("id").asText();
        assertThat(JSON.readTree(started.body()).path("rate").asLong()).isEqualTo(10);
        await(id, job -> job.path("counts").path("processed").asLong() > 0);
        assertThat(admin.post("/admin/jobs/" + id + "/pause", "{}").statusCode()).isEqualTo(200);
        JsonNode paused = await(id, job -> job.path("state").asText().equals("paused"));
        Thread.sleep(1_500); // a runner that missed the pause would compare another chunk by now
        assertThat(admin.getJson("/admin/jobs/" + id).path("counts").path("processed").asLong())
                .isEqualTo(paused.path("counts").path("processed").asLong()).isLessThan(dashboards);

        Run resumed = run("migrate", "resume", id);
        assertThat(resumed.exitCode()).as(resumed.out() + resumed.err()).isIn(0, 1); // in mode 0, uncopied: every one differs
        JsonNode done = admin.getJson("/admin/jobs/" + id);
        assertThat(done.path("state").asText()).isEqualTo("succeeded");
        assertThat(done.path("counts").path("processed").asLong()).isEqualTo(dashboards);
        assertThat(done.path("message").asText()).startsWith("compared " + dashboards + " objects").contains("lists of org-2");
    }

    @Test
    void aRateIsForCompareJobsOnlyAndPositive() throws Exception {
        HttpResponse<String> onVerify = admin.post("/admin/jobs", "{\"kind\":\"verify\",\"resource\":\"playlists\",\"rate\":5}");
        assertThat(onVerify.statusCode()).isEqualTo(400);
        assertThat(onVerify.body()).contains("rate applies to compare jobs only");

        HttpResponse<String> zero = admin.post("/admin/jobs", "{\"kind\":\"compare\",\"resource\":\"playlists\",\"rate\":0}");
        assertThat(zero.statusCode()).isEqualTo(400);
        assertThat(zero.body()).contains("rate is objects per second");
    }

    private static JsonNode await(String id, Predicate<JsonNode> until) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        JsonNode job = admin.getJson("/admin/jobs/" + id);
        while (!until.test(job) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            job = admin.getJson("/admin/jobs/" + id);
        }
        assertThat(until.test(job)).as(job.toString()).isTrue();
        return job;
    }

    private static Run run(String... args) {
        return Cli.run(gateway, args);
    }

    private static long comparisons(String resource, String route, String outcome) throws SQLException {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + gateway.schema()
                     + ".shadow_comparison WHERE resource = ? AND swept AND route = ? AND outcome = ?")) {
            ps.setString(1, resource);
            ps.setString(2, route);
            ps.setString(3, outcome);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static long comparisons(String resource, boolean swept) throws SQLException {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + gateway.schema()
                     + ".shadow_comparison WHERE resource = ? AND swept = ?")) {
            ps.setString(1, resource);
            ps.setBoolean(2, swept);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
