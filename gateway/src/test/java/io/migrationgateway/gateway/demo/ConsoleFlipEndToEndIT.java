package io.migrationgateway.gateway.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.Kubectl;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's path on the demo, over real HTTP. Log in to the Togglz console, flip dashboards to
 * mode 4 through its edit form (with its CSRF token; forced with a reason, as no copy or shadow evidence exists in a
 * fresh demo); a legacy client's save and read then round-trip through unified storage with bodies of the same shape
 * as in mode 0; kubectl sees the dashboard; flipping back is refused for want of a reverse copy and allowed forced with
 * a reason; the audit log shows both.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ConsoleFlipEndToEndIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DashboardTranslator TRANSLATOR = new DashboardTranslator(new TranslatorSettings(
            Namespaces.onPrem(), kind -> 0, UserIdentities.byLogin(), Clock.systemUTC(), new Random(1)));
    private static final String SAVE = "{\"dashboard\":{\"uid\":\"e2e-round-trip\",\"title\":\"End to end\",\"tags\":[\"e2e\"],"
            + "\"panels\":[{\"id\":1,\"type\":\"timeseries\",\"title\":\"Requests\"}],\"schemaVersion\":39},"
            + "\"message\":\"saved by the end-to-end test\",\"overwrite\":true}";

    @TempDir
    Path dataDir;
    @TempDir
    Path home;

    private final Http http = new Http();

    @Test
    void anOperatorFlipsDashboardsToModeFourInTheConsoleAndLegacyClientsNoticeNothing() throws Exception {
        int tlsPort = Loopback.closedPort();
        try (Demo demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, tlsPort, dataDir, Optional.empty(),
                Optional.empty(), Optional.empty()), Map.of())) {
            String gateway = "http://127.0.0.1:" + demo.gateway().publicAddress().getPort();
            String legacyAdmin = Http.basic("admin", demo.credentials().legacyAdminPassword());
            AdminClient admin = AdminClient.of(demo);

            // mode 0: the legacy deployment answers
            JsonNode savedInModeZero = send(gateway, "POST", "/api/dashboards/db", legacyAdmin, SAVE);
            JsonNode readInModeZero = send(gateway, "GET", "/api/dashboards/uid/e2e-round-trip", legacyAdmin, null);

            // the operator logs in to the console and flips dashboards to mode 4 through its form
            String token = admin.consoleCsrfToken();
            HttpResponse<String> unforced = admin.consoleEdit(token, DASHBOARDS, "4", "cut-over", "");
            assertThat(unforced.statusCode()).as("no verification yet: the gate refuses").isEqualTo(409);
            assertThat(unforced.body()).contains("no verification has run", "set <b>Force</b> to <code>yes</code>");
            HttpResponse<String> forced = admin.consoleEdit(token, DASHBOARDS, "4", "cut-over in the demo", "yes");
            assertThat(forced.statusCode()).as(forced.body()).isIn(200, 302);
            assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(4);

            // mode 4: the same save and read, now through unified storage, look the same to the legacy client
            JsonNode savedInModeFour = send(gateway, "POST", "/api/dashboards/db", legacyAdmin, SAVE);
            JsonNode readInModeFour = send(gateway, "GET", "/api/dashboards/uid/e2e-round-trip", legacyAdmin, null);
            assertThat(savedInModeFour.path("id").asLong()).as("an id unified storage gave").isGreaterThanOrEqualTo(1_000_000_000L);
            assertThat(normalized(DashboardTranslator.SAVE, savedInModeFour)).isEqualTo(normalized(DashboardTranslator.SAVE, savedInModeZero));
            assertThat(normalized(DashboardTranslator.GET, readInModeFour)).isEqualTo(normalized(DashboardTranslator.GET, readInModeZero));

            // new clients see it on /apis
            assumeTrue(Kubectl.installed(), "kubectl is not installed");
            Kubectl kubectl = new Kubectl(demo.kubeconfig().orElseThrow(), home);
            assertThat(kubectl.ok("get", "dashboards", "e2e-round-trip", "-o", "jsonpath={.spec.title}")).isEqualTo("End to end");

            // back down from 4 needs a reverse copy: refused, then forced with a reason
            HttpResponse<String> back = admin.consoleEdit(admin.consoleCsrfToken(), DASHBOARDS, "0", "roll back", "");
            assertThat(back.statusCode()).isEqualTo(409);
            assertThat(back.body()).contains("reverse copy");
            admin.forceMode(DASHBOARDS, null, 0);
            assertThat(admin.mode(DASHBOARDS, null)).isZero();

            JsonNode audit = admin.getJson("/admin/audit");
            assertThat(audit).anySatisfy(entry -> {
                assertThat(entry.path("from").asInt()).isEqualTo(4);
                assertThat(entry.path("to").asInt()).isEqualTo(0);
                assertThat(entry.path("applied").asBoolean()).isFalse();
            });
            assertThat(audit).anySatisfy(entry -> {
                assertThat(entry.path("from").asInt()).isEqualTo(4);
                assertThat(entry.path("to").asInt()).isEqualTo(0);
                assertThat(entry.path("forced").asBoolean()).isTrue();
                assertThat(entry.path("applied").asBoolean()).isTrue();
            });
            assertThat(audit).anySatisfy(entry -> {
                assertThat(entry.path("via").asText()).isEqualTo("console");
                assertThat(entry.path("to").asInt()).isEqualTo(4);
                assertThat(entry.path("forced").asBoolean()).isTrue();
                assertThat(entry.path("reason").asText()).isEqualTo("cut-over in the demo");
            });
        }
    }

    private static String normalized(LegacyRoute route, JsonNode answer) throws Exception {
        return JSON.writeValueAsString(TRANSLATOR.legacyRules(route).normalize(answer));
    }

    private JsonNode send(String base, String method, String path, String authorization, String body) throws Exception {
        Answer answer = http.exchange(URI.create(base + path), method, authorization, body);
        assertThat(answer.status()).as(method + " " + path + ": " + answer.text()).isEqualTo(200);
        return answer.json();
    }
}
