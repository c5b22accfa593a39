package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dashboard and folder permissions as Grafana 9.3 serves them with its legacy ACL (access control disabled), on the
 * seeded simulator. Each test makes the dashboards and folders it changes.
 */
class PermissionApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DENIED = "{\"message\":\"Access denied to this dashboard\"}";
    private static final String BAD_DATA = "{\"message\":\"bad request data\"}";
    private static SimulatorFixture sim;
    private static long editorId;
    private static long viewerId;

    @BeforeAll
    static void start() throws Exception {
        sim = SimulatorFixture.start();
        editorId = Long.parseLong(sim.column("SELECT id FROM \"user\" WHERE login = 'editor'"));
        viewerId = Long.parseLong(sim.column("SELECT id FROM \"user\" WHERE login = 'viewer'"));
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    @Test
    void aDashboardAtTheRootListsGrafanasDefaultRoleGrants() throws Exception {
        long id = dashboard("perm-general", "Perm general", null);

        HttpResponse<String> response = sim.get("/api/dashboards/uid/perm-general/permissions", SimulatorFixture.admin());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode list = json(response);
        assertThat(list).hasSize(2);
        JsonNode viewers = list.get(0);
        assertThat(fieldNames(viewers)).containsExactly("dashboardId", "created", "updated", "userId", "userLogin", "userEmail",
                "userAvatarUrl", "teamId", "teamEmail", "teamAvatarUrl", "team", "role", "permission", "permissionName", "uid",
                "title", "slug", "isFolder", "url", "inherited");
        assertThat(viewers).isEqualTo(JSON.readTree("""
                {"dashboardId":-1,"created":"2017-06-20T00:00:00Z","updated":"2017-06-20T00:00:00Z","userId":0,"userLogin":"",
                 "userEmail":"","userAvatarUrl":"","teamId":0,"teamEmail":"","teamAvatarUrl":"","team":"","role":"Viewer",
                 "permission":1,"permissionName":"View","uid":"perm-general","title":"Perm general","slug":"perm-general",
                 "isFolder":false,"url":"/d/perm-general/perm-general","inherited":false}"""));
        assertThat(list.get(1).get("role").asText()).isEqualTo("Editor");
        assertThat(list.get(1).get("permission").asInt()).isEqualTo(2);
        assertThat(list.get(1).get("permissionName").asText()).isEqualTo("Edit");

        HttpResponse<String> byId = sim.get("/api/dashboards/id/" + id + "/permissions", SimulatorFixture.admin());
        assertThat(byId.statusCode()).isEqualTo(200);
        assertThat(byId.body()).isEqualTo(response.body());
    }

    @Test
    void aDashboardInAFolderInheritsTheFolderGrantsOrTheDefaultsStandingForThem() throws Exception {
        long folderId = folder("perm-folder-a", "Perm folder A");
        dashboard("perm-in-a", "Perm in A", "perm-folder-a");
        JsonNode defaults = json(sim.get("/api/dashboards/uid/perm-in-a/permissions", SimulatorFixture.admin()));
        assertThat(defaults).extracting(entry -> entry.get("role").asText() + "/" + entry.get("dashboardId").asLong() + "/"
                + entry.get("inherited").asBoolean()).containsExactly("Viewer/-1/true", "Editor/-1/true");

        HttpResponse<String> granted = sim.post("/api/folders/perm-folder-a/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"userId\":" + editorId + ",\"permission\":4},{\"role\":\"Viewer\",\"permission\":1}]}");

        assertThat(granted.statusCode()).as(granted.body()).isEqualTo(200);
        assertThat(json(granted)).isEqualTo(JSON.readTree(
                "{\"id\":" + folderId + ",\"message\":\"Folder permissions updated\",\"title\":\"Perm folder A\"}"));
        assertThat(granted.body()).startsWith("{\"id\":");
        JsonNode inherited = json(sim.get("/api/dashboards/uid/perm-in-a/permissions", SimulatorFixture.admin()));
        assertThat(inherited).hasSize(2);
        JsonNode editor = inherited.get(0);
        assertThat(editor.get("dashboardId").asLong()).isEqualTo(folderId);
        assertThat(editor.get("inherited").asBoolean()).isTrue();
        assertThat(editor.get("userId").asLong()).isEqualTo(editorId);
        assertThat(editor.get("userLogin").asText()).isEqualTo("editor");
        assertThat(editor.get("userEmail").asText()).isEqualTo("editor@localhost");
        assertThat(editor.get("userAvatarUrl").asText()).isEqualTo("/avatar/" + md5("editor@localhost"));
        assertThat(editor.has("role")).as("a user's grant has no role").isFalse();
        assertThat(editor.get("permissionName").asText()).isEqualTo("Admin");
        assertThat(editor.get("uid").asText()).as("the dashboard's own, whichever row").isEqualTo("perm-in-a");
        assertThat(editor.get("url").asText()).isEqualTo("/d/perm-in-a/perm-in-a");
        assertThat(inherited.get(1).get("role").asText()).isEqualTo("Viewer");

        assertThat(sim.get("/api/dashboards/uid/perm-in-a/permissions", editor()).statusCode())
                .as("the folder's Admin grant to the editor").isEqualTo(200);
        assertRefused(sim.get("/api/dashboards/uid/perm-in-a/permissions", viewer()), 403, DENIED);
    }

    @Test
    void anUpdateReplacesTheDashboardsOwnGrantsAndDropsTheDefaults() throws Exception {
        long id = dashboard("perm-post", "Perm post", null);

        HttpResponse<String> updated = sim.post("/api/dashboards/uid/perm-post/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"userId\":" + viewerId + ",\"permission\":2},{\"role\":\"editor\",\"permission\":4}]}");

        assertThat(updated.statusCode()).as(updated.body()).isEqualTo(200);
        assertThat(updated.body()).isEqualTo("{\"message\":\"Dashboard permissions updated\"}");
        assertThat(sim.column("SELECT has_acl FROM dashboard WHERE uid = 'perm-post'")).isEqualTo("t");
        JsonNode list = json(sim.get("/api/dashboards/uid/perm-post/permissions", SimulatorFixture.admin()));
        assertThat(grants(list)).containsExactly("user " + viewerId + " Edit", "role Editor Admin");
        assertThat(list.get(0).get("dashboardId").asLong()).isEqualTo(id);
        assertThat(list.get(0).get("userLogin").asText()).isEqualTo("viewer");
        assertThat(list.get(0).get("inherited").asBoolean()).isFalse();
        assertThat(sim.get("/api/dashboards/uid/perm-post/permissions", editor()).statusCode())
                .as("the Editor role's Admin grant").isEqualTo(200);

        HttpResponse<String> byId = sim.post("/api/dashboards/id/" + id + "/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"role\":\"\",\"permission\":2}]}");
        assertThat(byId.statusCode()).as(byId.body()).isEqualTo(200);
        assertThat(grants(json(sim.get("/api/dashboards/uid/perm-post/permissions", SimulatorFixture.admin()))))
                .as("an empty role is Viewer").containsExactly("role Viewer Edit");
        assertRefused(sim.get("/api/dashboards/uid/perm-post/permissions", editor()), 403, DENIED);

        assertThat(sim.post("/api/dashboards/uid/perm-post/permissions", SimulatorFixture.admin(), "{\"items\":[]}").statusCode())
                .isEqualTo(200);
        assertThat(json(sim.get("/api/dashboards/uid/perm-post/permissions", SimulatorFixture.admin())))
                .as("no grants of its own and no defaults once it has had some").isEmpty();
    }

    @Test
    void bodiesGrafanaCannotBindOrRefusesAreBadRequests() throws Exception {
        dashboard("perm-bad", "Perm bad", null);
        String path = "/api/dashboards/uid/perm-bad/permissions";
        for (String body : List.of("[]", "{\"items\":{}}", "{\"items\":[1]}", "{\"items\":[{\"userId\":\"7\"}]}",
                "{\"items\":[{\"role\":\"Owner\",\"permission\":1}]}", "{\"items\":[{\"role\":\"VIEWER\",\"permission\":1}]}",
                "{\"items\":[{\"role\":\"Viewer\",\"permission\":1.5}]}", "not json")) {
            assertRefused(sim.post(path, SimulatorFixture.admin(), body), 400, BAD_DATA);
        }
        assertRefused(sim.post(path, SimulatorFixture.admin(), "{\"items\":[{\"userId\":2,\"teamId\":3,\"permission\":1}]}"),
                400, "{\"message\":\"team and user permissions cannot have an associated role\"}");
        assertRefused(sim.post(path, SimulatorFixture.admin(), "{\"items\":[{\"teamId\":3,\"role\":\"Viewer\",\"permission\":1}]}"),
                400, "{\"message\":\"permissions cannot have both a user and team\"}");
        assertRefused(sim.post("/api/dashboards/uid/no-such-dashboard/permissions", SimulatorFixture.admin(), "[]"),
                400, BAD_DATA);

        String exists = "{\"message\":\"permission already exists\"}";
        assertRefused(sim.post(path, SimulatorFixture.admin(), "{\"items\":[{\"userId\":" + viewerId + ",\"permission\":1},"
                + "{\"userId\":" + viewerId + ",\"permission\":2}]}"), 400, exists);
        assertRefused(sim.post(path, SimulatorFixture.admin(), "{\"items\":[{\"role\":\"Admin\",\"permission\":4}]}"), 400, exists);

        folder("perm-folder-b", "Perm folder B");
        dashboard("perm-in-b", "Perm in B", "perm-folder-b");
        assertRefused(sim.post("/api/dashboards/uid/perm-in-b/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"role\":\"Viewer\",\"permission\":1}]}"),
                400, "{\"message\":\"you can only override a permission to be higher\"}");
        assertThat(sim.post("/api/dashboards/uid/perm-in-b/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"role\":\"Viewer\",\"permission\":2}]}").statusCode()).isEqualTo(200);

        assertThat(grants(json(sim.get(path, SimulatorFixture.admin())))).as("nothing refused was stored")
                .containsExactly("role Viewer View", "role Editor Edit");
    }

    @Test
    void anIdRouteReadsTheIdAsGoDoes() throws Exception {
        String invalid = "{\"message\":\"dashboardId is invalid\"}";
        for (String id : List.of("abc", "1.5", "99999999999999999999", "%2012")) {
            assertRefused(sim.get("/api/dashboards/id/" + id + "/permissions", SimulatorFixture.admin()), 400, invalid);
        }
        assertRefused(sim.post("/api/dashboards/id/abc/permissions", SimulatorFixture.admin(), "{\"items\":[]}"), 400, invalid);
        assertRefused(sim.post("/api/dashboards/id/abc/permissions", SimulatorFixture.admin(), "{\"items\":5}"), 400, BAD_DATA);
    }

    @Test
    void callersWhoCannotAdministerAreRefused() throws Exception {
        dashboard("perm-denied", "Perm denied", null);
        folder("perm-folder-denied", "Perm folder denied");
        String items = "{\"items\":[{\"role\":\"Viewer\",\"permission\":1}]}";
        for (String caller : List.of(editor(), viewer())) {
            assertRefused(sim.get("/api/dashboards/uid/perm-denied/permissions", caller), 403, DENIED);
            assertRefused(sim.post("/api/dashboards/uid/perm-denied/permissions", caller, items), 403, DENIED);
            assertRefused(sim.get("/api/folders/perm-folder-denied/permissions", caller), 403, "{\"message\":\"Access denied\"}");
            assertRefused(sim.post("/api/folders/perm-folder-denied/permissions", caller, items), 403, "{\"message\":\"Access denied\"}");
        }
        assertThat(sim.column("SELECT has_acl FROM dashboard WHERE uid = 'perm-denied'")).isEqualTo("f");
        assertThat(sim.get("/api/dashboards/uid/perm-denied/permissions", null).statusCode()).isEqualTo(401);
    }

    @Test
    void unknownTargetsAreNotFound() throws Exception {
        String notFound = "{\"message\":\"Dashboard not found\"}";
        assertRefused(sim.get("/api/dashboards/uid/no-such-dashboard/permissions", SimulatorFixture.admin()), 404, notFound);
        assertRefused(sim.get("/api/dashboards/id/999999999/permissions", SimulatorFixture.admin()), 404, notFound);
        assertRefused(sim.post("/api/dashboards/uid/no-such-dashboard/permissions", SimulatorFixture.admin(), "{}"), 404, notFound);
        assertRefused(sim.post("/api/dashboards/id/0/permissions", SimulatorFixture.admin(), "{}"), 404, notFound);
        String folderNotFound = "{\"message\":\"folder not found\",\"status\":\"not-found\"}";
        assertRefused(sim.get("/api/folders/no-such-folder/permissions", SimulatorFixture.admin()), 404, folderNotFound);
        assertRefused(sim.post("/api/folders/no-such-folder/permissions", SimulatorFixture.admin(), "{}"), 404, folderNotFound);
        assertRefused(sim.get("/api/folders/n1jR8vnnz/permissions", SimulatorFixture.admin()), 404, folderNotFound);
        long orgTwoDashboard = json(sim.getInOrg2("/api/search?type=dash-db&limit=1")).get(0).get("id").asLong();
        assertRefused(sim.get("/api/dashboards/id/" + orgTwoDashboard + "/permissions", SimulatorFixture.admin()), 404, notFound);
    }

    @Test
    void theDashboardRoutesFindAFolderToo() throws Exception {
        folder("perm-folder-as-dash", "Perm folder as dash");

        JsonNode list = json(sim.get("/api/dashboards/uid/perm-folder-as-dash/permissions", SimulatorFixture.admin()));

        assertThat(list).hasSize(2);
        assertThat(list.get(0).get("isFolder").asBoolean()).isTrue();
        assertThat(list.get(0).get("url").asText()).isEqualTo("/dashboards/f/perm-folder-as-dash/perm-folder-as-dash");
        assertThat(list.get(0).get("dashboardId").asLong()).isEqualTo(-1);
    }

    @Test
    void aFolderListCarriesTheFolderIdOnEveryEntry() throws Exception {
        long folderId = folder("perm-folder-c", "Perm folder C");

        HttpResponse<String> response = sim.get("/api/folders/perm-folder-c/permissions", SimulatorFixture.admin());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode list = json(response);
        assertThat(grants(list)).containsExactly("role Viewer View", "role Editor Edit");
        JsonNode first = list.get(0);
        assertThat(fieldNames(first).subList(0, 2)).containsExactly("folderId", "created");
        assertThat(first.get("folderId").asLong()).isEqualTo(folderId);
        assertThat(first.get("uid").asText()).isEqualTo("perm-folder-c");
        assertThat(first.get("title").asText()).isEqualTo("Perm folder C");
        assertThat(first.get("isFolder").asBoolean()).isTrue();
        assertThat(first.get("url").asText()).isEqualTo("/dashboards/f/perm-folder-c/perm-folder-c");
        assertThat(first.get("inherited").asBoolean()).isFalse();
    }

    @Test
    void aGrantToNobodyIsAConflictThatChangesNothing() throws Exception {
        dashboard("perm-conflict", "Perm conflict", null);
        sim.post("/api/dashboards/uid/perm-conflict/permissions", SimulatorFixture.admin(), "{\"items\":[{\"role\":\"Viewer\",\"permission\":1}]}");

        assertRefused(sim.post("/api/dashboards/uid/perm-conflict/permissions", SimulatorFixture.admin(),
                "{\"items\":[{\"userId\":" + viewerId + ",\"permission\":2},{\"permission\":2}]}"),
                409, "{\"message\":\"user id and team id cannot both be empty for a dashboard permission\"}");
        assertThat(grants(json(sim.get("/api/dashboards/uid/perm-conflict/permissions", SimulatorFixture.admin()))))
                .containsExactly("role Viewer View");

        folder("perm-folder-conflict", "Perm folder conflict");
        assertRefused(sim.post("/api/folders/perm-folder-conflict/permissions", SimulatorFixture.admin(), "{\"items\":[null]}"),
                409, "{\"message\":\"user id and team id cannot both be empty for a folder permission\"}");
        assertThat(sim.column("SELECT has_acl FROM dashboard WHERE uid = 'perm-folder-conflict'")).isEqualTo("f");
    }

    @Test
    void theListHidesOwnGrantsThatTheFolderAlreadyCoversAndShowsInheritedOnesFirst() throws Exception {
        folder("perm-folder-d", "Perm folder D");
        dashboard("perm-in-d", "Perm in D", "perm-folder-d");
        assertThat(sim.post("/api/dashboards/uid/perm-in-d/permissions", SimulatorFixture.admin(), "{\"items\":[{\"userId\":" + viewerId
                + ",\"permission\":1},{\"userId\":" + editorId + ",\"permission\":4},{\"teamId\":7,\"permission\":1}]}").statusCode())
                .isEqualTo(200);
        assertThat(sim.post("/api/folders/perm-folder-d/permissions", SimulatorFixture.admin(), "{\"items\":[{\"userId\":" + viewerId
                + ",\"permission\":2},{\"userId\":" + editorId + ",\"permission\":2}]}").statusCode()).isEqualTo(200);

        JsonNode list = json(sim.get("/api/dashboards/uid/perm-in-d/permissions", SimulatorFixture.admin()));

        assertThat(grants(list)).containsExactly("user " + viewerId + " Edit", "user " + editorId + " Edit",
                "user " + editorId + " Admin", "team 7 View");
        assertThat(list).extracting(entry -> entry.get("inherited").asBoolean()).containsExactly(true, true, false, false);
        JsonNode team = list.get(3);
        assertThat(team.get("team").asText()).isEmpty();
        assertThat(team.get("teamAvatarUrl").asText()).as("a team without email: its name and @localhost")
                .isEqualTo("/avatar/" + md5("@localhost"));
        assertThat(team.get("userAvatarUrl").asText()).isEmpty();
    }

    @Test
    void deletingADashboardOrAFolderDropsItsGrants() throws Exception {
        long dashboardId = dashboard("perm-doomed", "Perm doomed", null);
        long folderId = folder("perm-folder-doomed", "Perm folder doomed");
        long insideId = dashboard("perm-in-doomed", "Perm in doomed", "perm-folder-doomed");
        String grant = "{\"items\":[{\"userId\":" + viewerId + ",\"permission\":4}]}";
        // the folder last: once it grants Admin, the dashboard inside could not grant the same again
        for (String path : List.of("/api/dashboards/uid/perm-doomed/permissions", "/api/dashboards/uid/perm-in-doomed/permissions",
                "/api/folders/perm-folder-doomed/permissions")) {
            assertThat(sim.post(path, SimulatorFixture.admin(), grant).statusCode()).isEqualTo(200);
        }
        String ids = dashboardId + "," + folderId + "," + insideId;
        assertThat(sim.column("SELECT count(*) FROM dashboard_acl WHERE dashboard_id IN (" + ids + ")")).isEqualTo("3");

        assertThat(sim.send("DELETE", "/api/dashboards/uid/perm-doomed", SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);
        assertThat(sim.send("DELETE", "/api/folders/perm-folder-doomed", SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);

        assertThat(sim.column("SELECT count(*) FROM dashboard_acl WHERE dashboard_id IN (" + ids + ")")).isEqualTo("0");
        assertThat(sim.column("SELECT count(*) FROM dashboard_acl WHERE dashboard_id = -1")).as("the defaults stay").isEqualTo("2");
    }

    // ---- plumbing ---------------------------------------------------------------------------------------

    private static long dashboard(String uid, String title, String folderUid) throws Exception {
        String folder = folderUid == null ? "" : ",\"folderUid\":\"" + folderUid + "\"";
        HttpResponse<String> response = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\"}" + folder + "}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json(response).get("id").asLong();
    }

    private static long folder(String uid, String title) throws Exception {
        HttpResponse<String> response = sim.post("/api/folders", SimulatorFixture.admin(),
                "{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json(response).get("id").asLong();
    }

    /** Each entry as "user ID NAME", "team ID NAME" or "role ROLE NAME". */
    private static List<String> grants(JsonNode list) {
        List<String> grants = new ArrayList<>();
        for (JsonNode entry : list) {
            String grantee = entry.get("userId").asLong() > 0 ? "user " + entry.get("userId").asLong()
                    : entry.get("teamId").asLong() > 0 ? "team " + entry.get("teamId").asLong() : "role " + entry.get("role").asText();
            grants.add(grantee + " " + entry.get("permissionName").asText());
        }
        return grants;
    }

    private static void assertRefused(HttpResponse<String> response, int status, String body) throws Exception {
        assertThat(response.statusCode()).as(response.request().method() + " " + response.request().uri() + ": " + response.body())
                .isEqualTo(status);
        assertThat(json(response)).isEqualTo(JSON.readTree(body));
    }

    private static String md5(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String editor() {
        return SimulatorFixture.basic("editor", "editor");
    }

    private static String viewer() {
        return SimulatorFixture.basic("viewer", "viewer");
    }
}
