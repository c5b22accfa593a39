package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Legacy routes served by migration mode, over loopback HTTP, against
 * the seeded legacy simulator and unified storage in PostgreSQL, with modes flipped through the admin API (forced,
 * with a reason, as the gates cannot pass without shadow figures yet).
 */
class ModesOnTheRequestPathIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_routingtest0123456789abcdefg_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String VIEWER = Http.basic("viewer", "viewer");
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final String DASHBOARD_API = "/apis/dashboard.grafana.app/v1beta1/namespaces/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DashboardTranslator DASHBOARDS_TRANSLATOR = new DashboardTranslator(new TranslatorSettings(
            Namespaces.onPrem(), kind -> 0, UserIdentities.byLogin(), Clock.systemUTC(), new Random(1)));

    private static SimulatedDeployment deployment;
    private static LegacySim sim;
    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of());
        sim = deployment.sim();
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    /**
     * Every test starts with every resource in mode 0. Tests on this gateway flip default modes only: a namespace
     * override outlives a flip of the default, so the test of overrides has a gateway of its own.
     */
    @AfterEach
    void backToModeZero() throws Exception {
        for (String resource : List.of(DASHBOARDS, FOLDERS, PLAYLISTS)) {
            flip(admin, resource, null, 0);
        }
    }

    @Test
    void aDashboardSavedInModeFourRoundTripsThroughUnifiedStorageAndNeverReachesLegacy() throws Exception {
        flip(DASHBOARDS, null, 4);

        Answer saved = send("POST", "/api/dashboards/db", ADMIN, dashboard("mode4-round-trip", "Mode four round trip", null));
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(saved.json().path("status").asText()).isEqualTo("success");
        assertThat(saved.json().path("uid").asText()).isEqualTo("mode4-round-trip");
        assertThat(saved.json().path("url").asText()).isEqualTo("/d/mode4-round-trip/mode-four-round-trip");
        assertThat(saved.json().path("version").asInt()).isEqualTo(1);
        long id = saved.json().path("id").asLong();
        assertThat(id).as("a new legacy id from the gateway's sequence").isGreaterThanOrEqualTo(1_000_000_000L);
        assertThat(saved.header("Content-Type")).isEqualTo("application/json");

        Answer read = send("GET", "/api/dashboards/uid/mode4-round-trip", ADMIN, null);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("dashboard").path("title").asText()).isEqualTo("Mode four round trip");
        assertThat(read.json().path("dashboard").path("id").asLong()).isEqualTo(id);
        assertThat(read.json().path("meta").path("createdBy").asText()).isEqualTo("admin");
        assertThat(read.json().path("meta").path("canSave").asBoolean()).isTrue();

        Answer object = send("GET", DASHBOARD_API + "default/dashboards/mode4-round-trip", ADMIN, null);
        assertThat(object.status()).isEqualTo(200);
        assertThat(object.json().path("spec").path("title").asText()).isEqualTo("Mode four round trip");
        assertThat(object.json().path("metadata").path("labels").path("grafana.app/deprecatedInternalID").asText())
                .isEqualTo(Long.toString(id));

        assertThat(direct("GET", "/api/dashboards/uid/mode4-round-trip", ADMIN, null).status()).isEqualTo(404);
        assertThat(deployment.legacyRows("dashboard", "mode4-round-trip")).isZero();
        assertThat(admin.get("/metrics").body()).containsPattern("route_class=\"translated\"");
    }

    @Test
    void aSaveThatChangesNothingIsANewVersionInModeFourAsOnTheLegacySide() throws Exception {
        Answer legacyFirst = send("POST", "/api/dashboards/db", ADMIN, dashboard("resaved-legacy", "Resaved", null));
        Answer legacySecond = send("POST", "/api/dashboards/db", ADMIN, dashboard("resaved-legacy", "Resaved", 1));
        flip(DASHBOARDS, null, 4);
        Answer unifiedFirst = send("POST", "/api/dashboards/db", ADMIN, dashboard("resaved-unified", "Resaved", null));
        Answer unifiedSecond = send("POST", "/api/dashboards/db", ADMIN, dashboard("resaved-unified", "Resaved", 1));

        assertThat(List.of(legacyFirst.json().path("version").asInt(), legacySecond.json().path("version").asInt()))
                .as("the legacy side").containsExactly(1, 2);
        assertThat(List.of(unifiedFirst.json().path("version").asInt(), unifiedSecond.json().path("version").asInt()))
                .as("mode 4").containsExactly(1, 2);
        assertThat(send("GET", "/api/dashboards/uid/resaved-unified", ADMIN, null).json().path("dashboard").path("version").asInt())
                .isEqualTo(2);
        assertThat(send("GET", DASHBOARD_API + "default/dashboards/resaved-unified", ADMIN, null).json()
                .path("metadata").path("generation").asInt()).isEqualTo(2);
    }

    @Test
    void aCallerTheLegacySideRefusesIsRefusedInItsWordsInModeFour() throws Exception {
        send("POST", "/api/dashboards/db", ADMIN, dashboard("refusal-words", "Refusal words", null));
        flip(DASHBOARDS, null, 4);

        for (String authorization : new String[] {Http.basic("admin", "wrong-password"), Http.basic("nobody", "x"),
            "Bearer glsa_unknowntoken0123456789abcdefgh_00000000", null}) {
            Answer legacy = direct("GET", "/api/dashboards/uid/refusal-words", authorization, null);
            Answer gateway = send("GET", "/api/dashboards/uid/refusal-words", authorization, null);
            assertThat(gateway.status()).as(String.valueOf(authorization)).isEqualTo(legacy.status());
            assertThat(gateway.json().path("message").asText()).as(String.valueOf(authorization))
                    .isEqualTo(legacy.json().path("message").asText());
        }
        assertThat(direct("GET", "/api/dashboards/uid/refusal-words", Http.basic("admin", "wrong-password"), null).json()
                .path("message").asText()).as("the words compared").isEqualTo("Invalid username or password");
    }

    @Test
    void theTagCloudInModeFourCountsUnifiedStoragesDashboardsAsTheLegacySideCountsItsOwn() throws Exception {
        for (String uid : List.of("cloud-a", "cloud-b")) {
            String body = "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + uid + "\",\"tags\":[\"cloud-common\",\"" + uid
                    + "-only\"]}}";
            assertThat(direct("POST", "/api/dashboards/db", ADMIN, body).status()).isEqualTo(200);
        }
        flip(DASHBOARDS, null, 4);
        for (String uid : List.of("cloud-a", "cloud-b")) {
            String body = "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + uid + "\",\"tags\":[\"cloud-common\",\"" + uid
                    + "-only\"]}}";
            assertThat(send("POST", "/api/dashboards/db", ADMIN, body).status()).isEqualTo(200);
        }

        Answer unified = send("GET", "/api/dashboards/tags", ADMIN, null);
        Answer legacy = direct("GET", "/api/dashboards/tags", ADMIN, null);

        assertThat(unified.status()).isEqualTo(200);
        assertThat(cloudTags(unified)).containsExactly("{\"term\":\"cloud-a-only\",\"count\":1}",
                "{\"term\":\"cloud-b-only\",\"count\":1}", "{\"term\":\"cloud-common\",\"count\":2}");
        assertThat(cloudTags(unified)).isEqualTo(cloudTags(legacy));
    }

    private static List<String> cloudTags(Answer answer) throws Exception {
        List<String> tags = new java.util.ArrayList<>();
        answer.json().forEach(tag -> {
            if (tag.path("term").asText().startsWith("cloud-")) {
                tags.add(tag.toString());
            }
        });
        return tags;
    }

    @Test
    void theModeFourAnswersHaveTheShapeOfTheLegacyAnswers() throws Exception {
        String body = dashboard("shape-twin", "Shape twin", null);
        Answer legacySave = send("POST", "/api/dashboards/db", ADMIN, body);
        Answer legacyRead = send("GET", "/api/dashboards/uid/shape-twin", ADMIN, null);
        Answer legacyMissing = send("GET", "/api/dashboards/uid/no-such-dashboard", ADMIN, null);
        assertThat(legacySave.status()).isEqualTo(200);

        flip(DASHBOARDS, null, 4);
        Answer unifiedSave = send("POST", "/api/dashboards/db", ADMIN, body);
        Answer unifiedRead = send("GET", "/api/dashboards/uid/shape-twin", ADMIN, null);
        Answer unifiedMissing = send("GET", "/api/dashboards/uid/no-such-dashboard", ADMIN, null);

        // compared as text: the same fields, values and key order once the translator's rules drop what may differ
        assertThat(unifiedSave.status()).isEqualTo(200);
        assertThat(normalized(DashboardTranslator.SAVE, unifiedSave)).isEqualTo(normalized(DashboardTranslator.SAVE, legacySave));
        assertThat(unifiedRead.status()).isEqualTo(200);
        assertThat(normalized(DashboardTranslator.GET, unifiedRead)).isEqualTo(normalized(DashboardTranslator.GET, legacyRead));
        assertThat(unifiedMissing.status()).isEqualTo(404);
        assertThat(unifiedMissing.json()).isEqualTo(legacyMissing.json())
                .isEqualTo(JSON.readTree("{\"message\":\"Dashboard not found\",\"status\":\"not-found\"}"));
    }

    @Test
    void aStaleVersionIsTheLegacyVersionMismatch() throws Exception {
        flip(DASHBOARDS, null, 4);
        assertThat(send("POST", "/api/dashboards/db", ADMIN, dashboard("stale-version", "Stale version", null)).status()).isEqualTo(200);
        Answer second = send("POST", "/api/dashboards/db", ADMIN, dashboard("stale-version", "Stale version, edited", 1));
        assertThat(second.status()).as(second.text()).isEqualTo(200);
        assertThat(second.json().path("version").asInt()).isEqualTo(2);

        Answer stale = send("POST", "/api/dashboards/db", ADMIN, dashboard("stale-version", "Lost update", 1));

        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.json()).isEqualTo(JSON.readTree(
                "{\"message\":\"The dashboard has been changed by someone else\",\"status\":\"version-mismatch\"}"));
    }

    @Test
    void theOrgContextPicksTheNamespace() throws Exception {
        flip(DASHBOARDS, null, 4);

        Answer saved = send("POST", "/api/dashboards/db", ADMIN, dashboard("org-two-dashboard", "In org 2", null),
                "X-Grafana-Org-Id", "2");

        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(send("GET", DASHBOARD_API + "org-2/dashboards/org-two-dashboard", ADMIN, null).status()).isEqualTo(200);
        assertThat(send("GET", DASHBOARD_API + "default/dashboards/org-two-dashboard", ADMIN, null).status()).isEqualTo(404);
        assertThat(send("GET", "/api/dashboards/uid/org-two-dashboard?targetOrgId=2", ADMIN, null).status()).isEqualTo(200);
        assertThat(send("GET", "/api/dashboards/uid/org-two-dashboard?targetOrgId=2", ADMIN, null, "X-Grafana-Org-Id", "1").status())
                .as("targetOrgId wins over the header").isEqualTo(200);
        assertThat(send("GET", "/api/dashboards/uid/org-two-dashboard", ADMIN, null).status())
                .as("the admin's current org is org 1").isEqualTo(404);
    }

    @Test
    void aNamespaceOverrideLeavesTheOtherOrgsPassingThrough() throws Exception {
        try (TestGateway own = TestGateway.start(sim.baseUrl())) {
            flip(new AdminClient(own), DASHBOARDS, "org-2", 4);

            Answer inOrgOne = http.exchange(own.uri("/api/dashboards/db"), "POST", ADMIN,
                    dashboard("override-org-one", "Org 1 stays legacy", null));
            Answer inOrgTwo = http.exchange(own.uri("/api/dashboards/db"), "POST", ADMIN,
                    dashboard("override-org-two", "Org 2 is unified", null), "X-Grafana-Org-Id", "2");

            assertThat(inOrgOne.status()).isEqualTo(200);
            assertThat(inOrgOne.json().path("id").asLong()).as("an id from the legacy tables").isLessThan(1_000_000_000L);
            assertThat(deployment.legacyRows("dashboard", "override-org-one")).isEqualTo(1);
            Answer overLegacy = http.exchange(own.uri(DASHBOARD_API + "default/dashboards/override-org-one"), "GET", ADMIN, null);
            assertThat(overLegacy.status()).as("org 1 is in mode 0: /apis reads the legacy deployment").isEqualTo(200);
            assertThat(overLegacy.json().path("spec").path("title").asText()).isEqualTo("Org 1 stays legacy");
            assertThat(inOrgTwo.status()).isEqualTo(200);
            assertThat(deployment.legacyRows("dashboard", "override-org-two")).isZero();
            assertThat(http.exchange(own.uri(DASHBOARD_API + "org-2/dashboards/override-org-two"), "GET", ADMIN, null).status())
                    .isEqualTo(200);
        }
    }

    @Test
    void modeFiveAnswersGoneWithTheSuccessorAndTheSunset() throws Exception {
        flip(DASHBOARDS, null, 5);

        Answer retired = send("GET", "/api/dashboards/uid/some-dashboard", ADMIN, null);
        Answer anonymousInOrgTwo = send("POST", "/api/dashboards/db", null, dashboard("x", "x", null), "X-Grafana-Org-Id", "2");

        String successor = DASHBOARD_API + "default/dashboards/some-dashboard";
        assertThat(retired.status()).isEqualTo(410);
        assertThat(retired.json()).isEqualTo(JSON.readTree("{\"message\":\"This API has been retired; use " + successor + "\"}"));
        assertThat(retired.header("Deprecation")).isEqualTo("@1798675200");
        assertThat(retired.header("Sunset")).isEqualTo("Thu, 31 Dec 2026 00:00:00 GMT");
        assertThat(retired.header("Link")).isEqualTo("<" + successor + ">; rel=\"successor-version\"");
        assertThat(anonymousInOrgTwo.status()).as("the answer needs no caller when the request names its org").isEqualTo(410);
        assertThat(anonymousInOrgTwo.header("Link")).isEqualTo("<" + DASHBOARD_API + "org-2/dashboards>; rel=\"successor-version\"");
    }

    @Test
    void aModeFourDashboardCanLiveInAFolderThatOnlyTheLegacySideHasYet() throws Exception {
        Answer legacyFolder = direct("POST", "/api/folders", ADMIN, "{\"uid\":\"legacy-only-folder\",\"title\":\"Still on legacy\"}");
        assertThat(legacyFolder.status()).as(legacyFolder.text()).isEqualTo(200);
        flip(DASHBOARDS, null, 4); // folders stay in mode 0

        Answer saved = send("POST", "/api/dashboards/db", ADMIN,
                "{\"dashboard\":{\"uid\":\"mixed-modes\",\"title\":\"Unified dashboard, legacy folder\"},\"folderUid\":\"legacy-only-folder\"}");
        assertThat(saved.status()).as(saved.text()).isEqualTo(200);
        assertThat(deployment.legacyRows("dashboard", "mixed-modes")).isZero();
        JsonNode read = send("GET", "/api/dashboards/uid/mixed-modes", ADMIN, null).json();
        assertThat(read.path("meta").path("folderUid").asText()).isEqualTo("legacy-only-folder");
        assertThat(read.path("meta").path("folderTitle").asText()).isEqualTo("Still on legacy");

        Answer noSuchFolder = send("POST", "/api/dashboards/db", ADMIN,
                "{\"dashboard\":{\"uid\":\"mixed-modes-2\",\"title\":\"Nowhere\"},\"folderUid\":\"on-neither-side\"}");
        assertThat(noSuchFolder.status()).as(noSuchFolder.text()).isIn(400, 404);
        assertThat(noSuchFolder.json().path("message").asText()).containsIgnoringCase("folder not found");
    }

    @Test
    void foldersAndPlaylistsInModeFourAreCreatedAndReadInUnifiedStorage() throws Exception {
        flip(FOLDERS, null, 4);
        flip(PLAYLISTS, null, 4);
        flip(DASHBOARDS, null, 4);

        Answer folder = send("POST", "/api/folders", ADMIN, "{\"uid\":\"mode4-folder\",\"title\":\"Mode four folder\"}");
        assertThat(folder.status()).as(folder.text()).isEqualTo(200);
        assertThat(folder.json().path("id").asLong()).isGreaterThanOrEqualTo(1_000_000_000L);
        assertThat(send("GET", "/api/folders/mode4-folder", ADMIN, null).json().path("title").asText()).isEqualTo("Mode four folder");
        assertThat(send("GET", "/apis/folder.grafana.app/v1beta1/namespaces/default/folders/mode4-folder", ADMIN, null).status())
                .isEqualTo(200);
        assertThat(deployment.legacyRows("folder", "mode4-folder")).isZero();

        Answer inFolder = send("POST", "/api/dashboards/db", ADMIN,
                "{\"dashboard\":{\"uid\":\"in-mode4-folder\",\"title\":\"In a unified folder\"},\"folderUid\":\"mode4-folder\"}");
        assertThat(inFolder.status()).as(inFolder.text()).isEqualTo(200);
        assertThat(send("GET", "/api/dashboards/uid/in-mode4-folder", ADMIN, null).json().path("meta").path("folderTitle").asText())
                .isEqualTo("Mode four folder");

        Answer playlist = send("POST", "/api/playlists", ADMIN,
                "{\"name\":\"Mode four playlist\",\"interval\":\"5m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"mode4\"}]}");
        assertThat(playlist.status()).as(playlist.text()).isEqualTo(200);
        String uid = playlist.json().path("uid").asText();
        Answer readPlaylist = send("GET", "/api/playlists/" + uid, ADMIN, null);
        assertThat(readPlaylist.status()).isEqualTo(200);
        assertThat(readPlaylist.json().path("name").asText()).isEqualTo("Mode four playlist");
        assertThat(readPlaylist.json().path("items").get(0).path("value").asText()).isEqualTo("mode4");
        assertThat(send("GET", "/apis/playlist.grafana.app/v0alpha1/namespaces/default/playlists/" + uid, ADMIN, null).status())
                .isEqualTo(200);
        assertThat(deployment.legacyRows("playlist", uid)).isZero();
    }

    @Test
    void aViewerReadsButCannotSaveAndStrangersAreUnauthorized() throws Exception {
        Answer legacyRefusal = direct("POST", "/api/dashboards/db", VIEWER, dashboard("viewer-save", "Viewer", null));
        flip(DASHBOARDS, null, 4);
        assertThat(send("POST", "/api/dashboards/db", ADMIN, dashboard("viewer-read", "Viewer reads", null)).status()).isEqualTo(200);

        Answer refused = send("POST", "/api/dashboards/db", VIEWER, dashboard("viewer-save", "Viewer", null));
        Answer read = send("GET", "/api/dashboards/uid/viewer-read", VIEWER, null);
        Answer anonymous = send("GET", "/api/dashboards/uid/viewer-read", null, null);
        Answer wrongPassword = send("GET", "/api/dashboards/uid/viewer-read", Http.basic("admin", "wrong"), null);

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json()).isEqualTo(legacyRefusal.json()).isEqualTo(JSON.readTree("{\"message\":\"Permission denied\"}"));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("meta").path("canSave").asBoolean()).isFalse();
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.json()).isEqualTo(JSON.readTree("{\"message\":\"Unauthorized\"}"));
        assertThat(wrongPassword.status()).isEqualTo(401);
    }

    @Test
    void aBodyOverTheLimitIsRefusedBeforeAnythingIsStored() throws Exception {
        try (TestGateway own = TestGateway.start(sim.baseUrl(), Map.of("routing.max-request-body", "1024"))) {
            flip(new AdminClient(own), DASHBOARDS, null, 4);

            Answer tooLarge = http.exchange(own.uri("/api/dashboards/db"), "POST", ADMIN,
                    dashboard("too-large", "x".repeat(2000), null));

            assertThat(tooLarge.status()).isEqualTo(413);
            assertThat(tooLarge.json().path("message").asText()).isEqualTo("Request body larger than 1024 bytes");
            assertThat(http.exchange(own.uri(DASHBOARD_API + "default/dashboards/too-large"), "GET", ADMIN, null).status()).isEqualTo(404);
        }
    }

    @Test
    void routesOfNoResourceStillReachTheLegacySideAndADiffOfVersionsIsUnifiedStoragesInModeFour() throws Exception {
        assertThat(send("POST", "/api/dashboards/db", ADMIN, dashboard("legacy-history", "Legacy history", null)).status()).isEqualTo(200);
        long legacyId = send("GET", "/api/dashboards/uid/legacy-history", ADMIN, null).json().path("dashboard").path("id").asLong();
        String body = "{\"base\":{\"dashboardId\":" + legacyId + ",\"version\":1},\"new\":{\"dashboardId\":" + legacyId
                + ",\"version\":1},\"diffType\":\"delta\"}";
        assertThat(send("POST", "/api/dashboards/calculate-diff", ADMIN, body).status()).as("mode 0: the legacy side has it").isEqualTo(200);
        flip(DASHBOARDS, null, 4);

        Answer diff = send("POST", "/api/dashboards/calculate-diff", ADMIN, body);

        assertThat(diff.status()).as("made on the legacy side only, never copied: unified storage has no such version")
                .isEqualTo(404);
        assertThat(diff.json().path("message").asText()).isEqualTo("Dashboard version not found");
        assertThat(send("GET", "/api/org", ADMIN, null).status()).isEqualTo(200);
    }

    private static String normalized(LegacyRoute route, Answer answer) throws Exception {
        return JSON.writeValueAsString(DASHBOARDS_TRANSLATOR.legacyRules(route).normalize(answer.json()));
    }

    private static String dashboard(String uid, String title, Integer version) {
        return "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\",\"tags\":[\"routing\"],\"panels\":[],"
                + "\"schemaVersion\":36" + (version == null ? "" : ",\"version\":" + version) + "},\"message\":\"from the routing test\"}";
    }

    private static void flip(String resource, String namespace, int mode) throws Exception {
        flip(admin, resource, namespace, mode);
    }

    private static void flip(AdminClient admin, String resource, String namespace, int mode) throws Exception {
        admin.forceMode(resource, namespace, mode);
    }

    /** Through the gateway. */
    private Answer send(String method, String pathAndQuery, String authorization, String body, String... headers) throws Exception {
        return http.exchange(gateway.uri(pathAndQuery), method, authorization, body, headers);
    }

    /** Straight to the legacy simulator, past the gateway. */
    private Answer direct(String method, String pathAndQuery, String authorization, String body) throws Exception {
        return http.exchange(URI.create(sim.baseUrl() + pathAndQuery), method, authorization, body);
    }

}
