package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Migration modes on the admin port: the Togglz console (login, CSRF, a refused flip explained on the page),
 * the admin API, the gate, the audit log, and a flip reaching a second replica within a second.
 */
class MigrationFlagsAdminIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String MODE = "/admin/resources/" + DASHBOARDS + "/mode";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private TestGateway gateway;
    private AdminClient admin;

    @BeforeEach
    void start() {
        gateway = TestGateway.start(legacy.baseUrl());
        admin = new AdminClient(gateway);
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    private HttpResponse<String> consoleEdit(String csrfToken, String mode, String reason) throws Exception {
        return admin.consoleEdit(csrfToken, DASHBOARDS, mode, reason, "");
    }

    /** Polls a gateway's admin API until dashboards serve {@code mode} everywhere; fails after a second. */
    private static void awaitMode(AdminClient gateway, int mode) throws Exception {
        long start = System.nanoTime();
        while (gateway.mode(DASHBOARDS, null) != mode) {
            assertThat(System.nanoTime() - start).as("the flip reaches the other replica within 1 s").isLessThan(1_000_000_000L);
            Thread.sleep(10);
        }
    }

    @Test
    void theConsoleShowsEveryResourceAsAFeatureWithTheModeStrategy() throws Exception {
        HttpResponse<String> index = admin.get("/togglz/index");
        assertThat(index.statusCode()).isEqualTo(200);
        assertThat(index.body()).contains(DASHBOARDS, "folders.folder.grafana.app", "playlists.playlist.grafana.app",
                "serviceaccounts.iam.grafana.app", "Migration mode", "Mode: 0 legacy", "href=\"/admin/overview\"");

        String token = admin.consoleCsrfToken();
        HttpResponse<String> edit = admin.get("/togglz/edit?f=" + DASHBOARDS + "&togglz_csrf=" + token);
        assertThat(edit.statusCode()).isEqualTo(200);
        assertThat(edit.body()).contains("name=\"p1\"", "Namespace overrides", "name=\"p3\"");
    }

    @Test
    void aConsoleSaveOfAModeWithEnabledUntickedEnablesTheFlagAndUntickingItAgainIsTheOffSwitch() throws Exception {
        Map<String, String> form = AdminClient.consoleEditForm(admin.consoleCsrfToken(), DASHBOARDS, "2", "dual-write", "");
        form.remove("enabled");

        assertThat(admin.postForm("/togglz/edit", form).statusCode()).isLessThan(400);
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(2);
        assertThat(admin.get("/togglz/index").body()).contains("Mode: 2 dual-write");

        Map<String, String> off = AdminClient.consoleEditForm(admin.consoleCsrfToken(), DASHBOARDS, "2", "switch off", "");
        off.remove("enabled");
        assertThat(admin.postForm("/togglz/edit", off).statusCode()).isLessThan(400);
        assertThat(admin.mode(DASHBOARDS, null)).isZero();
        assertThat(admin.getJson("/admin/audit")).extracting(entry -> entry.path("to").asInt() + " " + entry.path("applied"))
                .containsExactly("0 true", "2 true");
    }

    @Test
    void aConsoleFlipToFourIsRefusedOnThePageWithTheGatesReasons() throws Exception {
        HttpResponse<String> refused = consoleEdit(admin.consoleCsrfToken(), "4", "try the console");

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(refused.body()).contains("Flip refused: " + DASHBOARDS,
                "no verification has run for dashboards.dashboard.grafana.app in all namespaces",
                "0 live reads of the 1000 needed", "minCompared=1000", "--force --reason");
        assertThat(admin.mode(DASHBOARDS, null)).isZero();
        JsonNode audit = admin.getJson("/admin/audit").get(0);
        assertThat(audit.path("who").asText()).isEqualTo(TestGateway.ADMIN_USER);
        assertThat(audit.path("via").asText()).isEqualTo("console");
        assertThat(audit.path("reason").asText()).isEqualTo("try the console");
        assertThat(audit.path("applied").asBoolean()).isFalse();
    }

    @Test
    void aConsolePostWithoutTheCsrfTokenChangesNothing() throws Exception {
        HttpResponse<String> response = consoleEdit(null, "0", "no token");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).contains("no CSRF token");
        assertThat(admin.getJson("/admin/audit")).isEmpty();
    }

    @Test
    void aStateTheConsoleCannotSaveIsExplainedAndAuditedAsRefused() throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("togglz_csrf", admin.consoleCsrfToken());
        form.put("f", DASHBOARDS);
        form.put("enabled", "enabled");
        HttpResponse<String> response = admin.postForm("/togglz/edit", form);
        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(response.body()).contains("console-form", "choose the &#39;Migration mode&#39; strategy", "refused");
        JsonNode audit = admin.getJson("/admin/audit").get(0);
        assertThat(audit.path("applied").asBoolean()).isFalse();
        assertThat(audit.path("checks").get(0).path("message").asText()).contains("'Migration mode' strategy");
    }

    @Test
    void aForcedApiFlipReachesTheOtherReplicaWithinASecondAndTheAuditListsEveryAttempt() throws Exception {
        consoleEdit(admin.consoleCsrfToken(), "4", "console first");
        try (TestGateway replica = TestGateway.replicaOf(gateway, legacy.baseUrl(), Map.of())) {
            AdminClient replicaAdmin = new AdminClient(replica);
            assertThat(replicaAdmin.mode(DASHBOARDS, null)).isZero();

            HttpResponse<String> forced = admin.put(MODE, "{\"mode\": 4, \"reason\": \"demo cut-over\", \"force\": true}");
            assertThat(forced.statusCode()).isEqualTo(200);
            JsonNode result = JSON.readTree(forced.body());
            assertThat(result.path("applied").asBoolean()).isTrue();
            assertThat(result.path("changes").get(0).path("forced").asBoolean()).isTrue();
            assertThat(result.path("state").path("serving").get(0).path("mode").asInt()).isEqualTo(4);

            awaitMode(replicaAdmin, 4);
            assertThat(replica.gateway().flags().modes().modeOf(DASHBOARDS, "org-9").number()).isEqualTo(4);

            HttpResponse<String> back = replicaAdmin.put(MODE, "{\"mode\": 0, \"reason\": \"roll back\"}");
            assertThat(back.statusCode()).isEqualTo(409);
            assertThat(JSON.readTree(back.body()).path("message").asText()).contains("reverse-copy inconclusive: no reverse copy");
            HttpResponse<String> forcedBack = replicaAdmin.put(MODE, "{\"mode\": \"legacy\", \"reason\": \"roll back anyway\", \"force\": true}");
            assertThat(forcedBack.statusCode()).isEqualTo(200);
            awaitMode(admin, 0);

            JsonNode audit = replicaAdmin.getJson("/admin/audit?limit=10");
            assertThat(audit).hasSize(4);
            assertThat(audit.findValuesAsText("reason")).containsExactly("roll back anyway", "roll back", "demo cut-over", "console first");
            assertThat(audit.findValuesAsText("via")).containsExactly("admin-api", "admin-api", "admin-api", "console");
            JsonNode forcedRow = audit.get(2);
            assertThat(forcedRow.path("forced").asBoolean()).isTrue();
            assertThat(forcedRow.path("applied").asBoolean()).isTrue();
            assertThat(forcedRow.path("from").asInt()).isZero();
            assertThat(forcedRow.path("to").asInt()).isEqualTo(4);
            assertThat(forcedRow.path("verdict").asText()).isEqualTo("inconclusive");
            assertThat(forcedRow.path("checks").findValuesAsText("name")).containsExactly("verification", "shadow-comparison", "outbox",
                    "untranslated-calls");
            assertThat(audit.get(1).path("applied").asBoolean()).isFalse();
            assertThat(audit.get(0).path("checks").get(0).path("name").asText()).isEqualTo("reverse-copy");
        }
    }

    @Test
    void resourcesListsEveryNamespacesModeAndTheNextStepsGate() throws Exception {
        admin.put(MODE, "{\"mode\": 4, \"namespace\": \"org-2\", \"reason\": \"org-2 first\", \"force\": true}");
        JsonNode body = admin.getJson("/admin/resources");
        assertThat(body.path("servedModes").toString()).isEqualTo("[0,1,2,3,4,5]");
        JsonNode dashboards = body.path("resources").get(0);
        assertThat(dashboards.path("resource").asText()).isEqualTo(DASHBOARDS);
        assertThat(dashboards.path("enabled").asBoolean()).isTrue();
        assertThat(dashboards.path("namespaceOverrides").asText()).isEqualTo("org-2=4");
        JsonNode all = dashboards.path("serving").get(0);
        assertThat(all.path("namespace").isNull()).isTrue();
        assertThat(all.path("mode").asInt()).isZero();
        assertThat(all.path("next").path("mode").asInt()).isEqualTo(1);
        assertThat(all.path("next").path("verdict").asText()).isEqualTo("pass");
        JsonNode org2 = dashboards.path("serving").get(1);
        assertThat(org2.path("namespace").asText()).isEqualTo("org-2");
        assertThat(org2.path("mode").asInt()).isEqualTo(4);
        assertThat(org2.path("next").path("mode").asInt()).isEqualTo(5);
        assertThat(org2.path("next").path("verdict").asText()).isEqualTo("pass");
    }

    @Test
    void aDryRunAnswersTheVerdictAndChangesNothing() throws Exception {
        HttpResponse<String> response = admin.put(MODE, "{\"mode\": 4, \"reason\": \"what if\", \"dryRun\": true}");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = JSON.readTree(response.body());
        assertThat(result.path("dryRun").asBoolean()).isTrue();
        assertThat(result.path("applied").asBoolean()).isFalse();
        assertThat(result.path("verdict").asText()).isEqualTo("inconclusive");
        assertThat(result.path("message").asText()).startsWith("dry run: the gate would refuse this");
        assertThat(admin.mode(DASHBOARDS, null)).isZero();
        assertThat(admin.getJson("/admin/audit")).isEmpty();
    }

    @Test
    void modeTwoIsInstantAndModeThreeWaitsForShadowAndOutboxFigures() throws Exception {
        HttpResponse<String> dualWrite = admin.put(MODE, "{\"mode\": 2, \"reason\": \"dual-write\"}");
        assertThat(dualWrite.statusCode()).as(dualWrite.body()).isEqualTo(200);
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(2);

        HttpResponse<String> unifiedRead = admin.put(MODE, "{\"mode\": 3, \"reason\": \"flip reads\"}");
        assertThat(unifiedRead.statusCode()).isEqualTo(409);
        JsonNode change = JSON.readTree(unifiedRead.body()).path("changes").get(0);
        assertThat(change.path("forceable").asBoolean()).isTrue();
        assertThat(change.path("checks").findValuesAsText("name")).containsExactly("verification", "shadow-comparison", "outbox");
        assertThat(change.path("checks").get(1).path("message").asText()).contains("0 live reads of the 1000 needed");
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(2);
    }

    @Test
    void badFlipRequestsAre400sThatSayWhyAndUnknownResources404() throws Exception {
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("{\"mode\": 4}", "a flip needs a reason");
        bad.put("{\"mode\": 4, \"force\": true, \"reason\": \"  \"}", "a forced flip needs a reason");
        bad.put("{\"mode\": 7, \"reason\": \"x\"}", "0 to 5");
        bad.put("{\"mode\": \"sideways\", \"reason\": \"x\"}", "unified-only");
        bad.put("{\"reason\": \"x\"}", "mode is required");
        bad.put("{\"mode\": 4, \"namespace\": \"Org_2\", \"reason\": \"x\"}", "DNS-1123");
        bad.put("{\"mode\": 4, \"reason\": \"x\", \"forse\": true}", "unknown field 'forse'");
        bad.put("{\"mode\": 4, \"reason\": \"x\", \"force\": \"yes\"}", "force must be true or false");
        bad.put("not json", "not JSON");
        bad.put("[1]", "JSON object");
        for (Map.Entry<String, String> request : bad.entrySet()) {
            HttpResponse<String> response = admin.put(MODE, request.getKey());
            assertThat(response.statusCode()).as(request.getKey()).isEqualTo(400);
            assertThat(JSON.readTree(response.body()).path("message").asText()).as(request.getKey()).contains(request.getValue());
        }
        HttpResponse<String> unknown = admin.put("/admin/resources/widgets.example.io/mode", "{\"mode\": 4, \"reason\": \"x\"}");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("no migration flag for resource 'widgets.example.io'");
        assertThat(admin.get("/admin/audit?limit=0").statusCode()).isEqualTo(400);
        assertThat(admin.get("/admin/audit?limit=x").statusCode()).isEqualTo(400);
        assertThat(admin.getJson("/admin/audit")).isEmpty();
    }

    @Test
    void flipsNeedTheAdminCredentials() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(gateway.adminUri(MODE))
                .PUT(HttpRequest.BodyPublishers.ofString("{\"mode\": 4, \"reason\": \"x\", \"force\": true}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(401);
        HttpResponse<String> post = HttpClient.newHttpClient().send(HttpRequest.newBuilder(gateway.adminUri("/togglz/edit"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("f=" + DASHBOARDS + "&enabled=enabled")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(401);
        assertThat(admin.mode(DASHBOARDS, null)).isZero();
    }
}
