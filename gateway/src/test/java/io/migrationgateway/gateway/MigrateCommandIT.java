package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The migration jobs run in the gateway and feed the flip gate: started and followed through the
 * admin API and the {@code migrate} command, against the seeded legacy simulator's tables; a copy then a verification
 * at full parity, which the flip gate reads; a mode-4 read of a copied dashboard (a Grafana uid, not a DNS name) then
 * answers what the legacy side answered.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MigrateCommandIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String ADMIN = Http.basic("admin", "admin-secret");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DashboardTranslator TRANSLATOR = new DashboardTranslator(new TranslatorSettings(
            Namespaces.onPrem(), kind -> 0, UserIdentities.byLogin(), Clock.systemUTC(), new Random(1)));

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start("admin-secret", "glsa_migratetest0123456789abcdefg_5eed5eed",
                Map.of("legacy.database-url", "SIM", "jobs.recheck-delay", "50ms"));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    private static Run migrate(String... args) {
        List<String> all = new ArrayList<>(List.of("migrate"));
        all.addAll(List.of(args));
        return Cli.run(gateway, all.toArray(String[]::new));
    }

    @Test
    void aCopyThenAVerificationReachFullParityAndTheGateReadsIt() throws Exception {
        int legacyDashboards = deployment.legacyRowCount("dashboard", "NOT is_folder");

        Run copy = migrate("copy", DASHBOARDS);
        assertThat(copy.exitCode()).as(copy.out() + copy.err()).isZero();
        assertThat(copy.out()).contains("succeeded", "created " + legacyDashboards, "unconvertible 0")
                .containsPattern("\\[#{30}\\] 100% ");

        Run verify = migrate("verify", DASHBOARDS);
        assertThat(verify.exitCode()).as(verify.out() + verify.err()).isZero();
        assertThat(verify.out()).contains("matching " + legacyDashboards, "mismatched 0, missing 0, extra 0");

        HttpResponse<String> dryRun = admin.put("/admin/resources/" + DASHBOARDS + "/mode",
                "{\"mode\": 4, \"reason\": \"after the copy\", \"dryRun\": true}");
        JsonNode checks = JSON.readTree(dryRun.body()).at("/changes/0/checks");
        assertThat(checks).anySatisfy(check -> {
            assertThat(check.path("name").asText()).isEqualTo("verification");
            assertThat(check.path("verdict").asText()).isEqualTo("pass");
        });

        // a copied dashboard, read in mode 4 from unified storage, answers what the legacy side answered
        String uid = deployment.legacyUids("dashboard", "NOT is_folder AND org_id = 1").get(0);
        Answer legacy = http.exchange(URI.create(deployment.sim().baseUrl() + "/api/dashboards/uid/" + uid), "GET", ADMIN, null);
        admin.forceMode(DASHBOARDS, null, 4);
        try {
            Answer unified = http.exchange(gateway.uri("/api/dashboards/uid/" + uid), "GET", ADMIN, null);
            assertThat(unified.status()).as(unified.text()).isEqualTo(200);
            assertThat(JSON.writeValueAsString(TRANSLATOR.legacyRules(DashboardTranslator.GET).normalize(unified.json())))
                    .isEqualTo(JSON.writeValueAsString(TRANSLATOR.legacyRules(DashboardTranslator.GET).normalize(legacy.json())));
        } finally {
            admin.forceMode(DASHBOARDS, null, 0);
        }
    }

    @Test
    void badRequestsAreExplainedAndJobsAreListed() throws Exception {
        Run unknown = migrate("copy", "nothings");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no migration flag for resource 'nothings'", DASHBOARDS + " (dashboards, dashboard, dash)");
        assertThat(admin.getJson("/admin/jobs").findValuesAsText("resource")).doesNotContain("nothings");
        HttpResponse<String> badKind = admin.post("/admin/jobs", "{\"kind\": \"shuffle\", \"resource\": \"" + DASHBOARDS + "\"}");
        assertThat(badKind.statusCode()).isEqualTo(400);
        assertThat(badKind.body()).contains("kind is one of [copy, verify, reverse-copy, compare]");
        assertThat(admin.post("/admin/jobs", "{\"kind\": \"copy\", \"resource\": \"" + DASHBOARDS + "\", \"namespace\": \"Org 2\"}")
                .statusCode()).isEqualTo(400);
        assertThat(admin.get("/admin/jobs/999999").statusCode()).isEqualTo(404);
        assertThat(admin.post("/admin/jobs/999999/pause", "{}").statusCode()).isEqualTo(404);

        for (String name : List.of("dashboards", "dashboard", "dash", "Dashboard", DASHBOARDS)) {
            Run verified = migrate("verify", name, "--namespace", "org-2");
            assertThat(verified.exitCode()).as(name + ": " + verified.err()).isIn(0, 1);
            assertThat(verified.out()).as(name).contains("verify " + DASHBOARDS + " in org-2", "succeeded");
        }
        Run status = Cli.run(gateway, "migrate", "--admin-url", "http://127.0.0.1:" + gateway.adminPort(), "--admin-password",
                TestGateway.ADMIN_PASSWORD, "status");
        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.out()).contains("verify", DASHBOARDS, "org-2");
    }
}
