package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/dashboards/home} as Grafana 9.3 answers it, and the preference updates that choose it. Org 1 keeps no
 * org preference, so that its callers without one of their own see the built-in home; the preference tests work in
 * org 2 or on dashboards they delete again.
 */
class HomeDashboardIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String UPDATED = "{\"message\":\"Preferences updated\"}";
    private static SimulatorFixture sim;

    @BeforeAll
    static void start() {
        sim = SimulatorFixture.start();
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    @Test
    void viewersAndEditorsGetTheBuiltInHomeDashboard() throws Exception {
        HttpResponse<String> asViewer = sim.get("/api/dashboards/home", viewer());

        assertThat(asViewer.statusCode()).as(asViewer.body()).isEqualTo(200);
        JsonNode body = json(asViewer);
        assertThat(fieldNames(body)).containsExactly("dashboard", "meta");
        JsonNode dashboard = body.get("dashboard");
        assertThat(dashboard.get("title").asText()).isEqualTo("Home");
        assertThat(dashboard.get("schemaVersion").asInt()).isEqualTo(36);
        assertThat(dashboard.get("editable").asBoolean()).isTrue();
        assertThat(dashboard.has("uid")).isFalse();
        assertThat(dashboard.has("id")).isFalse();
        assertThat(dashboard.get("panels")).extracting(panel -> panel.get("type").asText()).containsExactly("text", "dashlist");
        assertThat(asViewer.body()).as("a Go map: keys sorted").startsWith("{\"dashboard\":{\"annotations\":");
        JsonNode meta = body.get("meta");
        assertThat(fieldNames(meta)).as("9.3's DashboardMeta has no isHome; type is omitempty").doesNotContain("isHome", "type")
                .startsWith("canSave", "canEdit", "canAdmin", "canStar", "canDelete", "slug", "url", "expires");
        assertThat(meta).isEqualTo(JSON.readTree("""
                {"canSave":false,"canEdit":false,"canAdmin":false,"canStar":false,"canDelete":false,"slug":"","url":"",
                 "expires":"0001-01-01T00:00:00Z","created":"0001-01-01T00:00:00Z","updated":"0001-01-01T00:00:00Z",
                 "updatedBy":"","createdBy":"","version":0,"hasAcl":false,"isFolder":false,"folderId":0,"folderUid":"",
                 "folderTitle":"General","folderUrl":"","provisioned":false,"provisionedExternalId":"",
                 "annotationsPermissions":null,"hasPublicDashboard":false,"publicDashboardAccessToken":"",
                 "publicDashboardUid":"","publicDashboardEnabled":false}"""));

        JsonNode asEditor = json(sim.get("/api/dashboards/home", editor()));
        assertThat(asEditor.get("meta").get("canEdit").asBoolean()).isTrue();
        assertThat(asEditor.get("meta").get("canSave").asBoolean()).isFalse();
        assertThat(asEditor.get("dashboard")).isEqualTo(dashboard);
        assertThat(sim.get("/api/dashboards/home", null).statusCode()).isEqualTo(401);
    }

    @Test
    void anAdminGetsTheGettingStartedPanelUntilTheyDismissIt() throws Exception {
        JsonNode asAdmin = json(sim.get("/api/dashboards/home", SimulatorFixture.admin()));

        JsonNode panels = asAdmin.get("dashboard").get("panels");
        assertThat(panels).extracting(panel -> panel.get("type").asText()).containsExactly("text", "dashlist", "gettingstarted");
        assertThat(panels.get(2)).isEqualTo(JSON.readTree(
                "{\"gridPos\":{\"h\":9,\"w\":24,\"x\":0,\"y\":3},\"id\":123123,\"type\":\"gettingstarted\"}"));
        assertThat(panels).extracting(panel -> panel.get("gridPos").get("y").asInt())
                .as("appended; the grid places it and moves the others").containsExactly(0, 3, 3);
        assertThat(asAdmin.get("meta").get("canEdit").asBoolean()).isTrue();
        assertThat(asAdmin.get("meta").get("canAdmin").asBoolean()).isFalse();

        update("UPDATE \"user\" SET help_flags1 = 1 WHERE login = 'admin'");
        try {
            assertThat(json(sim.get("/api/dashboards/home", SimulatorFixture.admin())).get("dashboard").get("panels"))
                    .extracting(panel -> panel.get("type").asText()).containsExactly("text", "dashlist");
        } finally {
            update("UPDATE \"user\" SET help_flags1 = 0 WHERE login = 'admin'");
        }
    }

    @Test
    void aUserPreferenceRedirectsToItsDashboard() throws Exception {
        long id = dashboardInOrg2("home-user-pick", "Home user pick");

        assertPut("/api/user/preferences", editor(), "{\"homeDashboardUID\":\"home-user-pick\",\"theme\":\"dark\"}", 200, UPDATED);

        HttpResponse<String> home = inOrg2("GET", "/api/dashboards/home", editor(), null);
        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body()).isEqualTo("{\"redirectUri\":\"/d/home-user-pick/home-user-pick\"}");
        assertThat(sim.column("SELECT home_dashboard_id FROM preferences WHERE org_id = 2 AND user_id = "
                + "(SELECT id FROM \"user\" WHERE login = 'editor')")).isEqualTo(String.valueOf(id));
        assertThat(json(sim.get("/api/dashboards/home", editor())).has("dashboard"))
                .as("a preference holds in its org only").isTrue();
    }

    @Test
    void theOrgPreferenceAppliesToUsersWithoutOneOfTheirOwn() throws Exception {
        long orgPick = dashboardInOrg2("home-org-pick", "Home org pick");
        dashboardInOrg2("home-own-pick", "Home own pick");

        assertPut("/api/org/preferences", SimulatorFixture.admin(), "{\"homeDashboardId\":" + orgPick + "}", 200, UPDATED);
        assertPut("/api/user/preferences", editor(), "{\"homeDashboardUID\":\"home-own-pick\"}", 200, UPDATED);

        assertThat(inOrg2("GET", "/api/dashboards/home", SimulatorFixture.admin(), null).body())
                .isEqualTo("{\"redirectUri\":\"/d/home-org-pick/home-org-pick\"}");
        assertThat(inOrg2("GET", "/api/dashboards/home", editor(), null).body())
                .as("the user's own wins").isEqualTo("{\"redirectUri\":\"/d/home-own-pick/home-own-pick\"}");
        assertPut("/api/user/preferences", editor(), "{\"homeDashboardUID\":\"\"}", 200, UPDATED);
        assertThat(inOrg2("GET", "/api/dashboards/home", editor(), null).body())
                .as("an empty uid clears the user's").isEqualTo("{\"redirectUri\":\"/d/home-org-pick/home-org-pick\"}");
        assertThat(sim.column("SELECT count(*) FROM preferences WHERE org_id = 2 AND user_id = 0")).isEqualTo("1");

        assertPut("/api/org/preferences", editor(), "{\"homeDashboardId\":1}", 403, "{\"message\":\"Permission denied\"}");
    }

    @Test
    void aPreferenceNamingADeletedDashboardFallsBackToTheBuiltInHome() throws Exception {
        HttpResponse<String> created = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"home-doomed\",\"title\":\"Home doomed\"}}");
        assertThat(created.statusCode()).isEqualTo(200);
        assertThat(sim.send("PUT", "/api/user/preferences", viewer(), "{\"homeDashboardUID\":\"home-doomed\"}").statusCode())
                .isEqualTo(200);
        assertThat(sim.get("/api/dashboards/home", viewer()).body()).isEqualTo("{\"redirectUri\":\"/d/home-doomed/home-doomed\"}");

        assertThat(sim.send("DELETE", "/api/dashboards/uid/home-doomed", SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);

        JsonNode home = json(sim.get("/api/dashboards/home", viewer()));
        assertThat(home.get("dashboard").get("title").asText()).isEqualTo("Home");
    }

    @Test
    void preferenceUpdatesRefuseWhatGrafanaRefuses() throws Exception {
        assertPut("/api/user/preferences", viewer(), "{\"homeDashboardUID\":\"no-such-dashboard\"}", 404,
                "{\"message\":\"Dashboard not found\"}");
        assertPut("/api/user/preferences", viewer(), "{\"theme\":\"blue\"}", 400, "{\"message\":\"Invalid theme\"}");
        for (String body : new String[] {"{\"homeDashboardId\":\"7\"}", "{\"homeDashboardUID\":7}", "{\"timezone\":1}", "[]"}) {
            assertPut("/api/user/preferences", viewer(), body, 400, "{\"message\":\"bad request data\"}");
        }
        assertThat(sim.send("PUT", "/api/user/preferences", null, "{}").statusCode()).isEqualTo(401);
        assertThat(sim.column("SELECT count(*) FROM preferences WHERE org_id = 1 AND user_id = 0")).as("org 1 keeps none")
                .isEqualTo("0");
    }

    // ---- plumbing ---------------------------------------------------------------------------------------

    /** A dashboard created by the admin in org 2; its id. */
    private static long dashboardInOrg2(String uid, String title) throws Exception {
        HttpResponse<String> created = inOrg2("POST", "/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\"}}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        return json(created).get("id").asLong();
    }

    /** Org 2 for the admin and the editor (a Viewer there); the preference routes act in the org of the request. */
    private static void assertPut(String path, String authorization, String body, int status, String answer) throws Exception {
        boolean orgTwo = !authorization.equals(viewer());
        HttpResponse<String> response = orgTwo ? inOrg2("PUT", path, authorization, body) : sim.send("PUT", path, authorization, body);
        assertThat(response.statusCode()).as(path + " " + body + ": " + response.body()).isEqualTo(status);
        assertThat(json(response)).isEqualTo(JSON.readTree(answer));
    }

    private static HttpResponse<String> inOrg2(String method, String path, String authorization, String body) throws Exception {
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body);
        return sim.send(sim.request(path, authorization).header("X-Grafana-Org-Id", "2").header("Content-Type", "application/json")
                .method(method, publisher).build());
    }

    private static void update(String sql) throws Exception {
        try (Connection c = sim.sim().dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate(sql);
        }
    }

    private static String editor() {
        return SimulatorFixture.basic("editor", "editor");
    }

    private static String viewer() {
        return SimulatorFixture.basic("viewer", "viewer");
    }
}
