package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.reports.ReportRenderer;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.TestDatabase;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports computed from seeded result rows (shadow comparisons, dual-writes, the outbox, verifications)
 * equal the expected counts exactly, in JSON that validates against its schema, CSV and HTML; the overview page and
 * the {@code report} command, behind the admin login.
 */
class ReportsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static TestGateway gateway;
    private static AdminClient admin;
    private final HttpClient client = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @BeforeAll
    static void seed() throws Exception {
        gateway = TestGateway.start("http://127.0.0.1:" + Loopback.closedPort());
        admin = new AdminClient(gateway);
        try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false); // one transaction: every now() below is the same instant
            s.execute("SET search_path TO " + gateway.schema());
            // shadow: 6 match, 2 mismatch, 1 noise, 1 shadow-error, 1 skipped in the window; 1 mismatch two days ago
            for (int i = 0; i < 11; i++) {
                String outcome = i < 6 ? "match" : i < 8 ? "mismatch" : i < 9 ? "noise" : i < 10 ? "shadow-error" : "skipped";
                String paths = outcome.equals("mismatch")
                        ? "[{\"path\":\"$.meta.folderTitle\",\"kind\":\"mismatch\",\"authoritative\":\"General\",\"shadow\":\"Other\"}]" : "[]";
                s.execute("INSERT INTO shadow_comparison (resource, namespace, route, object_name, mode, outcome, paths, "
                        + "authoritative_ms, shadow_ms, compared_at) VALUES ('" + DASHBOARDS + "', 'default', 'dashboards.get', 'd" + i
                        + "', 1, '" + outcome + "', '" + paths + "', " + (i + 1) + ", " + (2 * i + 1) + ", now() - interval '" + i + " minutes')");
            }
            s.execute("INSERT INTO shadow_comparison (resource, namespace, route, mode, outcome, compared_at) VALUES ('"
                    + DASHBOARDS + "', 'default', 'dashboards.get', 1, 'mismatch', now() - interval '2 days')");
            // a compare sweep of the same route: 3 match, 1 mismatch
            for (int i = 0; i < 4; i++) {
                String paths = i == 3 ? "[{\"path\":\"$.title\",\"kind\":\"mismatch\",\"authoritative\":\"Ops\",\"shadow\":\"Swept\"}]" : "[]";
                s.execute("INSERT INTO shadow_comparison (resource, namespace, route, object_name, mode, outcome, paths, authoritative_ms, "
                        + "shadow_ms, swept, compared_at) VALUES ('" + DASHBOARDS + "', 'default', 'dashboards.get', 's" + i + "', 1, '"
                        + (i == 3 ? "mismatch" : "match") + "', '" + paths + "', 1, 1, true, now() - interval '30 seconds')");
            }
            s.execute("INSERT INTO shadow_skipped (resource, namespace, route, reason, skipped) VALUES ('" + DASHBOARDS
                    + "', 'default', 'dashboards.get', 'queue-full', 40), ('" + DASHBOARDS + "', 'default', 'dashboards.get', "
                    + "'body-too-large', 2), ('" + DASHBOARDS + "', 'default', 'dashboards.search', 'queue-full', 7)");
            s.execute("INSERT INTO shadow_path_counter (resource, route, path, raw, noise) VALUES ('" + DASHBOARDS
                    + "', 'dashboards.get', '$.meta.folderTitle', 2, 0), ('" + DASHBOARDS + "', 'dashboards.get', '$.meta.updated', 9, 9)");
            // dual-write: 5 first writes to unified (mode 2): 3 applied, 1 failed (timeout), 1 compensated; 2 retries applied
            s.execute("INSERT INTO dual_write (resource, namespace, object_name, mode, target, outcome, retry, detail) VALUES "
                    + "('" + DASHBOARDS + "', 'default', 'a', 2, 'unified', 'applied', false, ''),"
                    + "('" + DASHBOARDS + "', 'default', 'b', 2, 'unified', 'applied', false, ''),"
                    + "('" + DASHBOARDS + "', 'default', 'c', 2, 'unified', 'applied', false, ''),"
                    + "('" + DASHBOARDS + "', 'default', 'd', 2, 'unified', 'failed', false, 'timeout'),"
                    + "('" + DASHBOARDS + "', 'default', 'e', 2, 'unified', 'compensated', false, 'refused'),"
                    + "('" + DASHBOARDS + "', 'default', 'd', 2, 'unified', 'applied', true, ''),"
                    + "('" + DASHBOARDS + "', 'default', 'f', 2, 'unified', 'applied', true, '')");
            // due in a day: the gateway's outbox worker leaves it waiting while the test looks
            s.execute("INSERT INTO dual_write_outbox (seq, target, resource, namespace, object_name, attempts, last_error, created_at, "
                    + "next_attempt_at) VALUES (1, 'unified', '" + DASHBOARDS + "', 'default', 'g', 3, 'connection reset', "
                    + "now() - interval '1 hour', now() + interval '1 day')");
            s.execute("INSERT INTO dual_write_outbox (seq, target, resource, namespace, object_name, attempts, created_at, done_at, "
                    + "resolution) VALUES (2, 'unified', '" + DASHBOARDS + "', 'default', 'h', 1, now() - interval '3 hours', "
                    + "now() - interval '2 hours', 'applied')");
            // verification: a run with differences, then a clean one
            s.execute("INSERT INTO migration_job (id, kind, resource, namespace, state, phase, created_at, finished_at) VALUES "
                    + "(101, 'verify', '" + DASHBOARDS + "', 'default', 'succeeded', 'done', now() - interval '30 minutes', now() - interval '29 minutes'),"
                    + "(102, 'verify', '" + DASHBOARDS + "', 'default', 'succeeded', 'done', now() - interval '10 minutes', now() - interval '9 minutes')");
            s.execute("INSERT INTO migration_verification (job_id, resource, namespace, direction, finished_at, processed, matching, "
                    + "mismatched, missing, extra, unconvertible) VALUES "
                    + "(101, '" + DASHBOARDS + "', 'default', 'legacy-to-unified', now() - interval '29 minutes', 1000, 995, 2, 3, 1, 0),"
                    + "(102, '" + DASHBOARDS + "', 'default', 'legacy-to-unified', now() - interval '9 minutes', 1000, 1000, 0, 0, 0, 0)");
            s.execute("INSERT INTO migration_job_finding (job_id, kind, namespace, name, paths) VALUES "
                    + "(101, 'mismatch', 'default', 'abc', '{\"$.spec.title\"}'), (101, 'missing', 'default', 'gone', '{}')");
            c.commit();
        }
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return admin.get(path);
    }

    private JsonNode report(String kind, String query) throws Exception {
        HttpResponse<String> response = get("/admin/reports/" + kind + "?format=json" + query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode json = JSON.readTree(response.body());
        try (InputStream schema = ReportRenderer.class.getResourceAsStream(ReportRenderer.schemaResource(kind))) {
            assertThat(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema).validate(json)).isEmpty();
        }
        return json;
    }

    @Test
    void theShadowReportCountsTheWindowsComparisonsExactly() throws Exception {
        JsonNode shadow = report("shadow", "&since=24h");
        assertThat(shadow.at("/header/records").asLong()).isEqualTo(15);
        JsonNode route = shadow.at("/routes/0");
        assertThat(route.path("origin").asText()).isEqualTo("live");
        assertThat(route.path("compared").asLong()).isEqualTo(9);
        assertThat(route.path("matched").asLong()).isEqualTo(6);
        assertThat(route.path("mismatched").asLong()).isEqualTo(2);
        assertThat(route.path("noise").asLong()).isEqualTo(1);
        assertThat(route.path("errors").asLong()).isEqualTo(1);
        assertThat(route.path("skipped").asLong()).isEqualTo(1);
        assertThat(route.path("skippedSinceStart").asLong()).isEqualTo(42);
        assertThat(shadow.at("/routes/2/route").asText()).as("a route whose reads were all skipped").isEqualTo("dashboards.search");
        assertThat(shadow.at("/routes/2/origin").asText()).isEqualTo("live");
        assertThat(shadow.at("/routes/2/skippedSinceStart").asLong()).isEqualTo(7);
        assertThat(route.path("mismatchPercent").asDouble()).isEqualTo(22.22);
        assertThat(route.at("/topPaths/0/path").asText()).isEqualTo("$.meta.updated");
        assertThat(route.at("/topPaths/0/noise").asLong()).isEqualTo(9);
        assertThat(route.at("/samples/0/primary").asText()).isEqualTo("General");
        assertThat(route.at("/primary/p50Ms").asDouble()).isEqualTo(6.0);
        assertThat(shadow.path("mismatchRateOverTime")).isNotEmpty();

        assertThat(report("shadow", "&since=7d").at("/routes/0/mismatched").asLong()).as("a wider window").isEqualTo(3);
        assertThat(report("shadow", "&namespace=org-2").path("routes")).as("another namespace").isEmpty();
    }

    @Test
    void sweptComparisonsAreReportedApartFromCallersReadsInJsonCsvAndHtml() throws Exception {
        JsonNode shadow = report("shadow", "&since=24h");
        JsonNode swept = shadow.at("/routes/1");
        assertThat(swept.path("route").asText()).isEqualTo("dashboards.get");
        assertThat(swept.path("origin").asText()).isEqualTo("swept");
        assertThat(swept.path("compared").asLong()).isEqualTo(4);
        assertThat(swept.path("matched").asLong()).isEqualTo(3);
        assertThat(swept.path("mismatched").asLong()).isEqualTo(1);
        assertThat(swept.path("skippedSinceStart").asLong()).as("only callers' reads are skipped").isZero();
        assertThat(swept.path("samples")).hasSize(1);
        assertThat(swept.at("/samples/0/shadow").asText()).isEqualTo("Swept");
        assertThat(shadow.at("/routes/0/samples")).extracting(sample -> sample.path("shadow").asText()).containsOnly("Other");
        assertThat(shadow.path("sweptMismatchRateOverTime")).hasSize(1);
        assertThat(shadow.at("/sweptMismatchRateOverTime/0/value").asDouble()).isEqualTo(0.25);

        String csv = get("/admin/reports/shadow?format=csv&since=24h").body();
        assertThat(csv.split("\r\n")).hasSize(4).anySatisfy(line -> assertThat(line)
                .startsWith(DASHBOARDS + ",default,dashboards.get,swept,4,3,1,0,0,0,0,75.00,25.00,0.00,"));
        assertThat(csv).contains(DASHBOARDS + ",default,dashboards.get,live,9,6,2,1,1,42,1,");
        assertThat(get("/admin/reports/shadow?format=html&since=24h").body()).contains("<td>dashboards.get</td><td>live</td><td class=\"n\">9</td>",
                "<td>dashboards.get</td><td>swept</td><td class=\"n\">4</td>", "Samples of swept reads", "Share of compared swept reads");
    }

    @Test
    void theDualWriteReportCountsWritesFailuresRetriesAndWhatIsPending() throws Exception {
        JsonNode dualWrite = report("dual-write", "");
        JsonNode writes = dualWrite.at("/resources/0");
        assertThat(writes.path("writes").asLong()).isEqualTo(5);
        assertThat(writes.path("legacyOk").asLong()).isEqualTo(5);
        assertThat(writes.path("unifiedOk").asLong()).isEqualTo(5);
        assertThat(writes.path("unifiedFailed").asLong()).isEqualTo(1);
        assertThat(writes.path("compensations").asLong()).isEqualTo(1);
        assertThat(writes.path("retries").asLong()).isEqualTo(2);
        assertThat(dualWrite.at("/failures/0/cause").asText()).isEqualTo("timeout");
        assertThat(dualWrite.path("pending")).hasSize(1);
        assertThat(dualWrite.at("/pending/0/name").asText()).isEqualTo("g");
        assertThat(dualWrite.at("/pending/0/attempts").asInt()).isEqualTo(3);
        JsonNode depth = dualWrite.path("outboxDepthOverTime");
        assertThat(depth.get(depth.size() - 1).path("value").asLong()).as("waiting now").isEqualTo(1);
    }

    @Test
    void theVerificationReportHasTheLatestRunPerResourceAndTheHistory() throws Exception {
        JsonNode verification = report("verification", "&resource=" + DASHBOARDS);
        assertThat(verification.path("history")).hasSize(2);
        assertThat(verification.path("latest")).hasSize(1);
        assertThat(verification.at("/latest/0/id").asLong()).isEqualTo(102);
        assertThat(verification.at("/latest/0/parityPercent").asDouble()).isEqualTo(100.0);
        JsonNode older = verification.at("/history/1");
        assertThat(older.path("matching").asLong()).isEqualTo(995);
        assertThat(older.path("parityPercent").asDouble()).isEqualTo(99.5);
        assertThat(older.path("durationSeconds").asDouble()).isEqualTo(60.0);
        assertThat(older.path("samples")).hasSize(2);
        assertThat(older.at("/samples/0/paths/0").asText()).isEqualTo("$.spec.title");
    }

    @Test
    void csvAndHtmlAreServedAndBadParametersAreExplained() throws Exception {
        HttpResponse<String> csv = get("/admin/reports/verification?format=csv");
        assertThat(csv.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        assertThat(csv.body().split("\r\n")).hasSize(3);
        HttpResponse<String> html = get("/admin/reports/dual-write?format=html");
        assertThat(html.body()).contains("<svg", "Outbox depth over time", "connection reset");
        HttpResponse<String> badWindow = get("/admin/reports/shadow?since=yesterday");
        assertThat(badWindow.statusCode()).isEqualTo(400);
        assertThat(badWindow.body()).contains("90m, 24h or 7d");
        assertThat(get("/admin/reports/shadow?format=pdf").statusCode()).isEqualTo(400);
        assertThat(get("/admin/reports/nope").statusCode()).isEqualTo(404);
    }

    @Test
    void theOverviewShowsEveryResourceBehindTheLogin() throws Exception {
        HttpResponse<String> anonymous = client.send(HttpRequest.newBuilder(gateway.adminUri("/admin/overview")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(anonymous.statusCode()).isEqualTo(401);
        HttpResponse<String> overview = get("/admin/overview");
        assertThat(overview.statusCode()).isEqualTo(200);
        assertThat(overview.body()).contains(DASHBOARDS, "folders.folder.grafana.app", "playlists.playlist.grafana.app",
                "serviceaccounts.iam.grafana.app", "0 legacy",
                "/togglz/index", "/admin/reports/verification?format=html");
        // the latest compared reads of each origin: 9 of callers (3 differ, one of them two days old), 4 of the sweep
        assertThat(overview.body()).contains("9 live (33.33 % differ), 4 swept (25.00 % differ)");
    }

    @Test
    void theReportCommandWritesTheFile() throws Exception {
        Path file = dir.resolve("verification.csv");
        Run run = cli("report", "verification", "--format", "csv", "--out", file.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(file)).startsWith("id,resource,namespace,direction");
        assertThat(cli("report", "nope", "--out", file.toString()).exitCode()).isEqualTo(2);
        for (String name : List.of("dashboards", "dashboard", "dash", "Dashboard", DASHBOARDS)) {
            Path one = dir.resolve(name + ".json");
            Run only = cli("report", "verification", "--resource", name, "--format", "json", "--out", one.toString());
            assertThat(only.exitCode()).as(name + ": " + only.err()).isZero();
            assertThat(JSON.readTree(one.toFile()).path("latest")).as(name).hasSize(1);
        }
        Run unknown = cli("report", "verification", "--resource", "widgets", "--out", file.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no migration flag for resource 'widgets'", DASHBOARDS + " (dashboards, dashboard, dash)");
        Run optionsFirst = Cli.run(gateway, "report", "--admin-url", "http://127.0.0.1:" + gateway.adminPort(), "--admin-password",
                TestGateway.ADMIN_PASSWORD, "verification", "--out", "-", "--format", "csv");
        assertThat(optionsFirst.exitCode()).as(optionsFirst.err()).isZero();
        assertThat(optionsFirst.out()).startsWith("id,resource,namespace,direction");
        assertThat(cli("report", "shadow", "--since", "yesterday", "--out", file.toString()).err()).contains("90m, 24h or 7d");
    }

    private static Run cli(String... args) {
        return Cli.run(gateway, args);
    }
}
