package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.NotYetTranslated;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ways of writing a migrated resource's path that the legacy router reads as the same operation, side by side with
 * the legacy simulator: each is served by the mode (never the legacy side's stale copy), or, where legacy routers
 * differ (repeated slashes, path parameters), refused with 400 while the resource is past mode 0.
 */
class RouteVariantsIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_routevariants0123456789abcd_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final String UNTRANSLATED = NotYetTranslated.PATH;
    private static final String UNTRANSLATED_BODY = "{\"dashboard\":{\"title\":\"Trimmed\"}}";

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;
    private static String playlist;
    private final Http http = new Http();

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of(), NotYetTranslated.PARTS);
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
        Http http = new Http();
        // made on the legacy side only: in mode 4 the gateway does not have them, so an answer that shows them came
        // from the legacy side
        assertThat(http.exchange(gateway.uri("/api/dashboards/db"), "POST", ADMIN,
                "{\"dashboard\":{\"uid\":\"variant-dash\",\"title\":\"Legacy only\"},\"overwrite\":true}").status()).isEqualTo(200);
        assertThat(http.exchange(gateway.uri("/api/folders"), "POST", ADMIN,
                "{\"uid\":\"variant-folder\",\"title\":\"Legacy folder\"}").status()).isEqualTo(200);
        Answer created = http.exchange(gateway.uri("/api/playlists"), "POST", ADMIN,
                "{\"name\":\"Legacy playlist\",\"interval\":\"5m\",\"items\":[]}");
        assertThat(created.status()).isEqualTo(200);
        playlist = created.json().path("uid").asText();
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @AfterEach
    void backToModeZero() throws Exception {
        for (String resource : List.of(DASHBOARDS, FOLDERS, PLAYLISTS)) {
            admin.forceMode(resource, null, 0);
        }
    }

    @Test
    void aTrailingSlashIsTheSameOperationInModeFour() throws Exception {
        assertThat(direct("GET", "/api/dashboards/uid/variant-dash/").status())
                .as("the legacy router takes the trailing slash").isEqualTo(200);
        admin.forceMode(DASHBOARDS, null, 4);

        Answer read = send("GET", "/api/dashboards/uid/variant-dash/", null);
        Answer deleted = send("DELETE", "/api/dashboards/uid/variant-dash/", null);

        assertThat(read.status()).as("unified storage answers: it has no such dashboard").isEqualTo(404);
        assertThat(read.text()).doesNotContain("Legacy only");
        assertThat(deleted.status()).isEqualTo(404);
        assertThat(deployment.legacyRows("dashboard", "variant-dash")).as("the legacy row is untouched").isEqualTo(1);
    }

    @Test
    void aPathParameterOnTheUidIsServedByTheModeNotByTheLegacySide() throws Exception {
        admin.forceMode(DASHBOARDS, null, 4);

        Answer read = send("GET", "/api/dashboards/uid/variant-dash;a=b", null);

        assertThat(read.status()).isEqualTo(404);
        assertThat(read.text()).doesNotContain("Legacy only");
    }

    @Test
    void aFolderRenamedWithATrailingSlashInModeFourLeavesTheLegacyFolderAlone() throws Exception {
        admin.forceMode(FOLDERS, null, 4);

        Answer renamed = send("PUT", "/api/folders/variant-folder/", "{\"title\":\"Renamed\",\"overwrite\":true}");

        assertThat(renamed.status()).as(renamed.text()).isEqualTo(404);
        assertThat(direct("GET", "/api/folders/variant-folder").json().path("title").asText()).isEqualTo("Legacy folder");
    }

    @Test
    void retiredPlaylistRoutesAreGoneWithATrailingSlashToo() throws Exception {
        admin.forceMode(PLAYLISTS, null, 5);

        for (String path : List.of("/api/playlists/" + playlist, "/api/playlists/" + playlist + "/",
                "/api/playlists/" + playlist + "/items", "/api/playlists/" + playlist + "/items/")) {
            assertThat(send("GET", path, null).status()).as(path).isEqualTo(410);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"//api/dashboards/uid/variant-dash", "/api//dashboards/uid/variant-dash",
        "/api/dashboards/uid//variant-dash", "/api/dashboards/uid/variant-dash//", "/api/dashboards;a=b/uid/variant-dash"})
    void aPathLegacyRoutersReadDifferentlyIsRefusedPastModeZeroAndPassedOnInModeZero(String path) throws Exception {
        Answer legacy = direct("GET", path);
        Answer inModeZero = send("GET", path, null);
        assertThat(inModeZero.status()).as("mode 0 passes it on as it is").isEqualTo(legacy.status());

        admin.forceMode(DASHBOARDS, null, 4);
        Answer refused = send("GET", path, null);
        Answer deleted = send("DELETE", path, null);

        assertThat(refused.status()).as(refused.text()).isEqualTo(400);
        assertThat(refused.json().path("message").asText()).contains("repeated slashes or path parameters");
        assertThat(deleted.status()).isEqualTo(400);
        assertThat(deployment.legacyRows("dashboard", "variant-dash")).isEqualTo(1);
    }

    @Test
    void pathsOfOtherResourcesAndOtherRoutesStillPassThrough() throws Exception {
        admin.forceMode(DASHBOARDS, null, 4);

        for (String path : List.of("/api/folders//variant-folder", "/api/health", "/api/dashboards/home")) {
            assertThat(send("GET", path, null).status()).as(path).isEqualTo(direct("GET", path).status());
        }
    }

    @Test
    void anOrgNamedSoThatTheLegacySideCouldReadItOtherwiseIsRefusedPastModeZero() throws Exception {
        admin.forceMode(FOLDERS, "org-2", 4);
        try {
            for (String query : List.of("%202", "+2", "2%20", "%092", "2&targetOrgId=1")) {
                Answer answer = send("GET", "/api/folders/variant-folder?targetOrgId=" + query, null);
                assertThat(answer.status()).as(query).isEqualTo(400);
                assertThat(answer.json().path("message").asText()).as(query).contains("targetOrgId");
            }
            Answer write = send("PUT", "/api/folders/variant-folder?targetOrgId=%202", "{\"title\":\"Renamed\",\"overwrite\":true}");
            assertThat(write.status()).isEqualTo(400);
            assertThat(direct("GET", "/api/folders/variant-folder").json().path("title").asText()).isEqualTo("Legacy folder");
            assertThat(send("GET", "/api/folders/variant-folder?targetOrgId=1", null).status())
                    .as("a plain number is read as the legacy side reads it").isEqualTo(200);
        } finally {
            admin.forceMode(FOLDERS, "org-2", 0);
        }
    }

    @Test
    void anUntranslatedOperationIsTheLegacySidesWhileItIsCurrentRefusedInModeFourAndGoneInModeFive() throws Exception {
        Answer legacy = direct("POST", UNTRANSLATED, UNTRANSLATED_BODY);

        for (int mode : new int[] {1, 3}) {
            admin.forceMode(DASHBOARDS, null, mode);
            Answer answer = send("POST", UNTRANSLATED, UNTRANSLATED_BODY);
            assertThat(answer.status()).as("mode " + mode).isEqualTo(legacy.status());
            assertThat(answer.text()).as("mode " + mode).isEqualTo(legacy.text());
        }
        admin.forceMode(DASHBOARDS, null, 4);
        for (String path : List.of(UNTRANSLATED, UNTRANSLATED + "/")) {
            Answer refused = send("POST", path, UNTRANSLATED_BODY);
            assertThat(refused.status()).as(path).isEqualTo(501);
            assertThat(refused.json().path("message").asText()).as(path).contains("is not served while dashboards are in mode 4");
        }
        assertThat(send("GET", "/api/dashboards/uid/variant-dash/permissions", null).status())
                .as("permissions stay the legacy side's").isEqualTo(direct("GET", "/api/dashboards/uid/variant-dash/permissions").status());
        admin.forceMode(DASHBOARDS, null, 5);
        assertThat(send("POST", UNTRANSLATED, UNTRANSLATED_BODY).status()).isEqualTo(410);
    }

    @Test
    void anUntranslatedOperationIsRefusedInModeFourAndEachCallIsCountedOnce() throws Exception {
        admin.forceMode(DASHBOARDS, null, 4);
        long before = untranslatedCalls();

        Answer refused = send("POST", UNTRANSLATED, UNTRANSLATED_BODY);

        assertThat(refused.status()).isEqualTo(501);
        assertThat(refused.json().path("message").asText()).contains("dashboards are in mode 4");
        assertThat(untranslatedCalls()).as("the fast lane hands it to the chain; one call").isEqualTo(before + 1);
    }

    /** The calls to the untranslated operation the overview page shows, 0 before any. */
    private static long untranslatedCalls() throws Exception {
        java.util.regex.Matcher calls = java.util.regex.Pattern.compile("dashboards\\.trim (\\d+)")
                .matcher(admin.get("/admin/overview").body());
        return calls.find() ? Long.parseLong(calls.group(1)) : 0;
    }

    @Test
    void callsToAnOperationModeFourRefusesHoldTheFlipToFourUntilForced() throws Exception {
        assertThat(send("POST", UNTRANSLATED, UNTRANSLATED_BODY).status()).as("mode 0: the legacy side answers")
                .isEqualTo(direct("POST", UNTRANSLATED, UNTRANSLATED_BODY).status());

        HttpResponse<String> refused = admin.put("/admin/resources/" + DASHBOARDS + "/mode", "{\"mode\":4,\"reason\":\"cut-over\"}");

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
        assertThat(refused.body()).contains("untranslated-calls fail").containsPattern("in the last day: dashboards.trim [1-9]");
        assertThat(admin.get("/admin/overview").body()).contains("Calls to operations mode 4 refuses")
                .containsPattern("dashboards.dashboard.grafana.app: dashboards.trim [1-9]");
    }

    @Test
    void everyCallToAResourcesOperationIsCountedOnceWhetherTheLaneOrTheChainServesIt() throws Exception {
        for (int mode : new int[] {0, 1, 4}) {
            admin.forceMode(DASHBOARDS, null, mode);
            long before = callsLastDay("dashboards.get");

            assertThat(send("GET", "/api/dashboards/uid/variant-dash", null).status()).as("mode " + mode).isIn(200, 404);

            assertThat(callsLastDay("dashboards.get")).as("mode " + mode).isEqualTo(before + 1);
        }
        long searches = callsLastDay("search");
        send("GET", "/api/search?query=variant", null);
        assertThat(callsLastDay("search")).isEqualTo(searches + 1);
    }

    /** The calls in the last day to one of the dashboards' operations, as the admin API lists them. */
    private static long callsLastDay(String operationId) throws Exception {
        for (JsonNode resource : admin.getJson("/admin/resources").path("resources")) {
            for (JsonNode operation : resource.path("operations")) {
                if (operation.path("id").asText().equals(operationId)) {
                    return operation.path("callsLastDay").asLong(-1);
                }
            }
        }
        throw new AssertionError("no operation " + operationId);
    }

    @Test
    void theAdminApiListsEachOperationWithWhoAnswersItNowAndInTheNextMode() throws Exception {
        admin.forceMode(DASHBOARDS, null, 3);

        JsonNode dashboards = null;
        for (JsonNode resource : admin.getJson("/admin/resources").path("resources")) {
            if (resource.path("resource").asText().equals(DASHBOARDS)) {
                dashboards = resource;
            }
        }
        assertThat(dashboards).isNotNull();
        Map<String, JsonNode> operations = new java.util.HashMap<>();
        dashboards.path("operations").forEach(operation -> operations.put(operation.path("id").asText(), operation));

        assertThat(operations).as("thirteen translated, seven not").hasSize(20);
        assertThat(operations.get("dashboards.get").path("now").asText()).isEqualTo("unified storage, copied to the legacy side");
        assertThat(operations.get("dashboards.get").path("next").asText()).isEqualTo("unified storage");
        assertThat(operations.get("dashboards.versions").path("now").asText()).isEqualTo("unified storage, copied to the legacy side");
        assertThat(operations.get("dashboards.calculateDiff").path("next").asText()).isEqualTo("unified storage");
        assertThat(operations.get("dashboards.trim").path("now").asText()).isEqualTo("legacy side");
        assertThat(operations.get("dashboards.trim").path("next").asText()).isEqualTo("refused (501)");
        assertThat(operations.get("dashboards.trim").path("why").asText()).isEqualTo("not translated in this test");
        assertThat(operations.get("dashboards.permissions").path("next").asText()).isEqualTo("legacy side");
    }

    private Answer send(String method, String path, String body) throws Exception {
        return http.exchange(gateway.uri(path), method, ADMIN, body);
    }

    private Answer direct(String method, String path) throws Exception {
        return direct(method, path, null);
    }

    private Answer direct(String method, String path, String body) throws Exception {
        return http.exchange(URI.create(deployment.sim().baseUrl() + path), method, ADMIN, body);
    }
}
