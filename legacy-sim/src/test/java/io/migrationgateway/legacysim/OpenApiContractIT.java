package io.migrationgateway.legacysim;

import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.legacysim.GrafanaOpenApi.Finding;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The simulator's answers, status and body, checked against Grafana's own 9.3 OpenAPI document for every
 * endpoint it implements, success and error answers alike (see {@link GrafanaOpenApi} for how strictly). The
 * only mismatches tolerated are {@link GrafanaOpenApi#KNOWN_DEVIATIONS}; any other fails the test.
 */
class OpenApiContractIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SimulatorFixture sim;
    private static GrafanaOpenApi document;

    @BeforeAll
    static void start() {
        sim = SimulatorFixture.start();
        document = new GrafanaOpenApi();
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    // ---- dashboards -------------------------------------------------------------------------------------

    @Test
    void dashboardReadsConform() throws Exception {
        expect(200, get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin()));
        expect(200, get("/api/dashboards/uid/22mq9eSVz", viewer()));
        expect(200, get("/api/dashboards/uid/n1jR8vnnz", "Bearer " + SimulatorFixture.TOKEN));
        expect(401, get("/api/dashboards/uid/n1jR8vnnz", null));
        expect(401, get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.basic("admin", "wrong")));
        expect(404, get("/api/dashboards/uid/no-such-dashboard", SimulatorFixture.admin()));
    }

    @Test
    void dashboardSavesConform() throws Exception {
        expect(200, post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"contract-save\",\"title\":\"Contract save\",\"tags\":[\"a\"]},\"folderUid\":\"ds-loki\"}"));
        expect(200, post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"contract-save\",\"title\":\"Contract save 2\",\"version\":1},\"message\":\"second\"}"));
        expect(412, post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"contract-save\",\"title\":\"Stale\",\"version\":1}}"));
        expect(400, post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"title\":\" \"}}"));
        expect(400, post("/api/dashboards/db", SimulatorFixture.admin(), "not json"));
        expect(404, post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"title\":\"x\"},\"folderUid\":\"nope\"}"));
        expect(403, post("/api/dashboards/db", viewer(), "{\"dashboard\":{\"title\":\"x\"}}"));
        expect(401, post("/api/dashboards/db", null, "{\"dashboard\":{\"title\":\"x\"}}"));
    }

    @Test
    void dashboardDeletesConform() throws Exception {
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-delete\",\"title\":\"Doomed\"}}");
        expect(403, delete("/api/dashboards/uid/contract-delete", viewer()));
        expect(401, delete("/api/dashboards/uid/contract-delete", null));
        expect(200, delete("/api/dashboards/uid/contract-delete", SimulatorFixture.admin()));
        expect(404, delete("/api/dashboards/uid/contract-delete", SimulatorFixture.admin()));
    }

    @Test
    void dashboardVersionsConform() throws Exception {
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-versions\",\"title\":\"V\"}}");
        post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"contract-versions\",\"title\":\"V2\",\"version\":1},\"message\":\"two\"}");
        HttpResponse<String> list = expect(200, get("/api/dashboards/uid/contract-versions/versions", SimulatorFixture.admin()));
        assertThat(JSON.readTree(list.body()).get(0).get("version").asInt()).isEqualTo(2);
        expect(200, get("/api/dashboards/uid/contract-versions/versions/1", SimulatorFixture.admin()));
        expect(403, get("/api/dashboards/uid/contract-versions/versions", viewer()));
        expect(500, get("/api/dashboards/uid/contract-versions/versions/99", SimulatorFixture.admin()));
        expect(404, get("/api/dashboards/uid/no-such-dashboard/versions", SimulatorFixture.admin()));
        expect(404, get("/api/dashboards/uid/contract-versions/versions?start=5", SimulatorFixture.admin()));
        expect(401, get("/api/dashboards/uid/contract-versions/versions", null));
        expect(401, get("/api/dashboards/uid/contract-versions/versions/1", null));

        long dashboardId = JSON.readTree(list.body()).get(0).get("dashboardId").asLong();
        HttpResponse<String> byId = expect(200, get("/api/dashboards/id/" + dashboardId + "/versions", SimulatorFixture.admin()));
        assertThat(byId.body()).isEqualTo(list.body());
        expect(200, get("/api/dashboards/id/" + dashboardId + "/versions/2", SimulatorFixture.admin()));
        expect(404, get("/api/dashboards/id/999999999/versions", SimulatorFixture.admin()));

        expect(200, post("/api/dashboards/uid/contract-versions/restore", SimulatorFixture.admin(), "{\"version\":1}"));
        expect(200, post("/api/dashboards/id/" + dashboardId + "/restore", SimulatorFixture.admin(), "{\"version\":2}"));
        expect(404, post("/api/dashboards/uid/contract-versions/restore", SimulatorFixture.admin(), "{\"version\":99}"));
        expect(403, post("/api/dashboards/uid/contract-versions/restore", viewer(), "{\"version\":1}"));

        String diff = "{\"base\":{\"dashboardId\":" + dashboardId + ",\"version\":1},\"new\":{\"dashboardId\":" + dashboardId
                + ",\"version\":2},\"diffType\":\"";
        HttpResponse<String> basic = expect(200, post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), diff + "basic\"}"));
        assertThat(basic.headers().firstValue("Content-Type")).hasValue("text/html");
        assertThat(basic.body()).contains("V2");
        expect(200, post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), diff + "json\"}"));
        expect(403, post("/api/dashboards/calculate-diff", viewer(), diff + "json\"}"));
        expect(401, post("/api/dashboards/calculate-diff", null, diff + "json\"}"));
    }

    @Test
    void trimAnswersTheDashboardAndMetaItWasGiven() throws Exception {
        HttpResponse<String> trimmed = expect(200, post("/api/dashboards/trim", viewer(),
                "{\"dashboard\":{\"title\":\"T\",\"panels\":[{\"type\":\"graph\",\"id\":1}]},\"meta\":{\"slug\":\"t\"}}"));
        assertThat(JSON.readTree(trimmed.body())).isEqualTo(JSON.readTree(
                "{\"dashboard\":{\"panels\":[{\"id\":1,\"type\":\"graph\"}],\"title\":\"T\"},\"meta\":{\"slug\":\"t\"}}"));
        assertThat(trimmed.body()).startsWith("{\"dashboard\":{\"panels\":[{\"id\":1,");
        assertThat(post("/api/dashboards/trim", viewer(), "[1]").statusCode()).as("bad request data, undocumented").isEqualTo(400);
        expect(401, post("/api/dashboards/trim", null, "{}"));
    }

    @Test
    void importConforms() throws Exception {
        String dashboard = "{\"__inputs\":[{\"name\":\"DS\",\"type\":\"datasource\"}],\"uid\":\"contract-import\","
                + "\"title\":\"Imported\",\"revision\":2,\"panels\":[{\"datasource\":\"${DS}\"}]}";
        HttpResponse<String> imported = expect(200, post("/api/dashboards/import", SimulatorFixture.admin(),
                "{\"dashboard\":" + dashboard + ",\"inputs\":[{\"name\":\"DS\",\"type\":\"datasource\",\"value\":\"loki\"}]}"));
        assertThat(JSON.readTree(imported.body()).path("importedUrl").asText()).isEqualTo("/d/contract-import/imported");
        assertThat(get("/api/dashboards/uid/contract-import", SimulatorFixture.admin()).body()).contains("\"datasource\":\"loki\"")
                .doesNotContain("__inputs");
        expect(422, post("/api/dashboards/import", SimulatorFixture.admin(), "{\"overwrite\":true}"));
        expect(401, post("/api/dashboards/import", null, "{\"dashboard\":{\"title\":\"x\"}}"));
    }

    @Test
    void theTagCloudConformsAndCountsTheOrgsDashboardsByTerm() throws Exception {
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-tags-1\",\"title\":\"T1\","
                + "\"tags\":[\"contract-zeta\",\"contract-alpha\"]}}");
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-tags-2\",\"title\":\"T2\","
                + "\"tags\":[\"contract-alpha\"]}}");

        JsonNode cloud = JSON.readTree(expect(200, get("/api/dashboards/tags", viewer())).body());

        List<String> ours = new ArrayList<>();
        cloud.forEach(tag -> {
            if (tag.path("term").asText().startsWith("contract-")) {
                ours.add(tag.path("term").asText() + "=" + tag.path("count").asLong());
            }
        });
        assertThat(ours).containsExactly("contract-alpha=2", "contract-zeta=1");
        expect(401, get("/api/dashboards/tags", null));
    }

    // ---- account ----------------------------------------------------------------------------------------

    @Test
    void userAndOrgConform() throws Exception {
        expect(200, get("/api/user", SimulatorFixture.admin()));
        expect(200, get("/api/user", viewer()));
        expect(401, get("/api/user", null));
        expect(200, get("/api/user", "Bearer " + SimulatorFixture.TOKEN));
        expect(200, get("/api/user/orgs", SimulatorFixture.admin()));
        expect(200, get("/api/user/orgs", "Bearer " + SimulatorFixture.TOKEN));
        expect(401, get("/api/user/orgs", null));
        expect(200, get("/api/org", SimulatorFixture.admin()));
        expect(200, send(sim.request("/api/org", SimulatorFixture.admin()).header("X-Grafana-Org-Id", "2").build()));
        expect(401, get("/api/org", null));
        expect(200, post("/api/orgs", SimulatorFixture.admin(), "{\"name\":\"Contract Org.\"}"));
        expect(409, post("/api/orgs", SimulatorFixture.admin(), "{\"name\":\"Contract Org.\"}"));
        expect(403, post("/api/orgs", editor(), "{\"name\":\"Editor's Org.\"}"));
        expect(401, post("/api/orgs", null, "{\"name\":\"Nobody's Org.\"}"));
    }

    /** Grafana 9.3 documents no /api/health, so there is nothing to validate it against; say so loudly. */
    @Test
    void healthIsNotInGrafanasDocument() throws Exception {
        assertThat(document.documents("/health")).isFalse();
        assertThat(document.documents("/dashboards/uid/{uid}")).isTrue();
        assertThat(get("/api/health", null).statusCode()).isEqualTo(200);
    }

    // ---- folders, playlists, search -------------------------------------------------------------------------

    @Test
    void foldersConform() throws Exception {
        expect(200, get("/api/folders", SimulatorFixture.admin()));
        expect(200, get("/api/folders?parentUid=data-sources&limit=5&page=1", viewer()));
        expect(401, get("/api/folders", null));
        HttpResponse<String> loki = expect(200, get("/api/folders/ds-loki", viewer()));
        expect(200, get("/api/folders/id/" + JSON.readTree(loki.body()).get("id").asLong(), SimulatorFixture.admin()));
        expect(404, get("/api/folders/id/999999999", SimulatorFixture.admin()));
        expect(404, get("/api/folders/no-such-folder", SimulatorFixture.admin()));
        expect(401, get("/api/folders/ds-loki", null));

        expect(200, post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"contract-folder\",\"title\":\"Contract folder\"}"));
        expect(400, post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"\"}"));
        expect(409, post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"Contract folder\"}"));
        expect(412, post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"contract-folder\",\"title\":\"Same uid\"}"));
        expect(403, post("/api/folders", viewer(), "{\"title\":\"Refused\"}"));
        expect(401, post("/api/folders", null, "{\"title\":\"Refused\"}"));

        expect(200, put("/api/folders/contract-folder", SimulatorFixture.admin(), "{\"title\":\"Contract folder 2\",\"version\":1}"));
        expect(400, put("/api/folders/contract-folder", SimulatorFixture.admin(), "{\"title\":\"\",\"version\":2}"));
        expect(412, put("/api/folders/contract-folder", SimulatorFixture.admin(), "{\"title\":\"Stale\",\"version\":1}"));
        expect(404, put("/api/folders/no-such-folder", SimulatorFixture.admin(), "{\"title\":\"x\",\"version\":1}"));
        expect(403, put("/api/folders/contract-folder", viewer(), "{\"title\":\"x\",\"version\":2}"));

        expect(403, delete("/api/folders/contract-folder", viewer()));
        expect(200, delete("/api/folders/contract-folder", SimulatorFixture.admin()));
        expect(404, delete("/api/folders/contract-folder", SimulatorFixture.admin()));
    }

    @Test
    void playlistsConform() throws Exception {
        expect(200, get("/api/playlists", SimulatorFixture.admin()));
        expect(200, get("/api/playlists?query=Ops&limit=1", viewer()));
        HttpResponse<String> created = expect(200, post("/api/playlists", SimulatorFixture.admin(), """
                {"name":"Contract","interval":"5m","items":[{"type":"dashboard_by_uid","value":"n1jR8vnnz"},
                 {"type":"dashboard_by_tag","value":"gdev"}]}"""));
        String uid = JSON.readTree(created.body()).get("uid").asText();
        expect(200, get("/api/playlists/" + uid, viewer()));
        expect(200, get("/api/playlists/" + uid + "/items", SimulatorFixture.admin()));
        expect(500, get("/api/playlists/" + uid + "/dashboards", SimulatorFixture.admin())); // a dashboard_by_uid item
        expect(404, get("/api/playlists/no-such-playlist", SimulatorFixture.admin()));
        expect(404, get("/api/playlists/no-such-playlist/items", SimulatorFixture.admin()));
        expect(401, get("/api/playlists/" + uid, null));
        expect(400, post("/api/playlists", SimulatorFixture.admin(), "{\"interval\":\"1m\",\"items\":[]}"));
        expect(403, post("/api/playlists", viewer(), "{\"name\":\"Refused\",\"interval\":\"1m\",\"items\":[]}"));
        expect(401, post("/api/playlists", null, "{\"name\":\"Refused\",\"interval\":\"1m\",\"items\":[]}"));

        expect(200, put("/api/playlists/" + uid, SimulatorFixture.admin(),
                "{\"name\":\"Contract 2\",\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"}]}"));
        expect(400, put("/api/playlists/" + uid, SimulatorFixture.admin(), "{\"name\":\"\",\"interval\":\"1m\",\"items\":[]}"));

        long id = JSON.readTree(get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin()).body()).at("/dashboard/id").asLong();
        String byTagAndId = expect(200, post("/api/playlists", SimulatorFixture.admin(), "{\"name\":\"Resolved\",\"interval\":\"1m\","
                + "\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"},{\"type\":\"dashboard_by_id\",\"value\":\"" + id
                + "\"}]}")).body();
        JsonNode resolved = JSON.readTree(expect(200, get("/api/playlists/" + JSON.readTree(byTagAndId).get("uid").asText()
                + "/dashboards", viewer())).body());
        assertThat(resolved.size()).isGreaterThan(1);
        assertThat(resolved.get(0).path("order").asInt()).as("the tag item comes first").isZero();
        assertThat(resolved.get(resolved.size() - 1).path("id").asLong()).isEqualTo(id);
        assertThat(resolved.get(resolved.size() - 1).path("uri").asText()).startsWith("db/");
        expect(200, get("/api/playlists/" + uid + "/dashboards", SimulatorFixture.admin()));
        expect(500, get("/api/playlists/no-such-playlist/dashboards", SimulatorFixture.admin()));
        expect(404, put("/api/playlists/no-such-playlist", SimulatorFixture.admin(), "{\"name\":\"x\",\"interval\":\"1m\",\"items\":[]}"));
        expect(403, put("/api/playlists/" + uid, viewer(), "{\"name\":\"x\",\"interval\":\"1m\",\"items\":[]}"));

        expect(403, delete("/api/playlists/" + uid, viewer()));
        expect(200, delete("/api/playlists/" + uid, SimulatorFixture.admin()));
        expect(404, delete("/api/playlists/" + uid, SimulatorFixture.admin()));
    }

    @Test
    void searchConforms() throws Exception {
        expect(200, get("/api/search", SimulatorFixture.admin()));
        expect(200, get("/api/search?query=loki", SimulatorFixture.admin()));
        expect(200, get("/api/search?type=dash-folder", SimulatorFixture.admin()));
        expect(200, get("/api/search?type=dash-db&tag=gdev&limit=5&page=2&sort=alpha-desc", viewer()));
        expect(200, get("/api/search?dashboardUIDs=n1jR8vnnz&dashboardUIDs=22mq9eSVz", "Bearer " + SimulatorFixture.TOKEN));
        expect(422, get("/api/search?limit=5001", SimulatorFixture.admin()));
        expect(401, get("/api/search", null));
        HttpResponse<String> sorting = get("/api/search/sorting", viewer());
        assertThat(sorting.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(sorting.body()).path("sortOptions")).extracting(option -> option.path("name").asText())
                .containsExactly("alpha-asc", "alpha-desc");
        expect(401, get("/api/search/sorting", null));
    }

    // ---- permissions, home dashboard, preferences ----------------------------------------------------------

    @Test
    void dashboardPermissionsConform() throws Exception {
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-perm\",\"title\":\"Contract perm\"}}");
        long id = JSON.readTree(get("/api/dashboards/uid/contract-perm", SimulatorFixture.admin()).body()).at("/dashboard/id").asLong();
        String uidPath = "/api/dashboards/uid/contract-perm/permissions";
        String idPath = "/api/dashboards/id/" + id + "/permissions";
        String items = "{\"items\":[{\"role\":\"Viewer\",\"permission\":2},{\"userId\":1,\"permission\":4}]}";

        expect(200, get(uidPath, SimulatorFixture.admin()));
        expect(200, get(idPath, SimulatorFixture.admin()));
        expect(403, get(uidPath, viewer()));
        expect(403, get(idPath, viewer()));
        expect(404, get("/api/dashboards/uid/no-such-dashboard/permissions", SimulatorFixture.admin()));
        expect(404, get("/api/dashboards/id/999999999/permissions", SimulatorFixture.admin()));
        expect(400, get("/api/dashboards/id/abc/permissions", SimulatorFixture.admin()));
        expect(401, get(uidPath, null));
        expect(401, get(idPath, null));

        expect(200, post(uidPath, SimulatorFixture.admin(), items));
        expect(200, post(idPath, SimulatorFixture.admin(), items));
        HttpResponse<String> granted = expect(200, get(uidPath, SimulatorFixture.admin()));
        assertThat(JSON.readTree(granted.body())).extracting(entry -> entry.path("permissionName").asText()).containsExactly("Edit", "Admin");
        expect(400, post(uidPath, SimulatorFixture.admin(), "{\"items\":[{\"userId\":1,\"teamId\":2}]}"));
        expect(400, post(idPath, SimulatorFixture.admin(), "{\"items\":5}"));
        expect(400, post(idPath, SimulatorFixture.admin(), "{\"items\":[{\"role\":\"Admin\",\"permission\":4}]}"));
        expect(409, post(uidPath, SimulatorFixture.admin(), "{\"items\":[{\"permission\":4}]}"));
        expect(409, post(idPath, SimulatorFixture.admin(), "{\"items\":[{\"permission\":4}]}"));
        expect(403, post(uidPath, viewer(), items));
        expect(403, post(idPath, viewer(), items));
        expect(404, post("/api/dashboards/uid/no-such-dashboard/permissions", SimulatorFixture.admin(), items));
        expect(404, post("/api/dashboards/id/999999999/permissions", SimulatorFixture.admin(), items));
        expect(401, post(uidPath, null, items));
        expect(401, post(idPath, null, items));
    }

    @Test
    void folderPermissionsConform() throws Exception {
        post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"contract-perm-folder\",\"title\":\"Contract perm folder\"}");
        String path = "/api/folders/contract-perm-folder/permissions";

        expect(200, get(path, SimulatorFixture.admin()));
        expect(403, get(path, viewer()));
        expect(404, get("/api/folders/no-such-folder/permissions", SimulatorFixture.admin()));
        expect(401, get(path, null));
        HttpResponse<String> updated = expect(200, post(path, SimulatorFixture.admin(), "{\"items\":[{\"role\":\"Editor\",\"permission\":4}]}"));
        assertThat(JSON.readTree(updated.body()).path("message").asText()).isEqualTo("Folder permissions updated");
        expect(200, get(path, SimulatorFixture.admin()));
        expect(400, post(path, SimulatorFixture.admin(), "{\"items\":[{\"userId\":1,\"role\":\"Viewer\"}]}"));
        expect(409, post(path, SimulatorFixture.admin(), "{\"items\":[{}]}"));
        expect(403, post(path, viewer(), "{\"items\":[]}"));
        expect(404, post("/api/folders/no-such-folder/permissions", SimulatorFixture.admin(), "{\"items\":[]}"));
        expect(401, post(path, null, "{\"items\":[]}"));
    }

    @Test
    void homeDashboardConforms() throws Exception {
        expect(200, get("/api/dashboards/home", editor()));
        expect(200, get("/api/dashboards/home", SimulatorFixture.admin()));
        expect(401, get("/api/dashboards/home", null));
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-home\",\"title\":\"Contract home\"}}");
        expect(200, put("/api/user/preferences", "Bearer " + SimulatorFixture.TOKEN, "{\"homeDashboardUID\":\"contract-home\"}"));
        HttpResponse<String> redirect = expect(200, get("/api/dashboards/home", "Bearer " + SimulatorFixture.TOKEN));
        assertThat(JSON.readTree(redirect.body()).path("redirectUri").asText()).isEqualTo("/d/contract-home/contract-home");
    }

    @Test
    void preferenceUpdatesConform() throws Exception {
        post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"uid\":\"contract-pref\",\"title\":\"Contract pref\"}}");
        expect(200, put("/api/user/preferences", viewer(), "{\"homeDashboardUID\":\"contract-pref\"}"));
        expect(400, put("/api/user/preferences", viewer(), "{\"theme\":\"blue\"}"));
        expect(404, put("/api/user/preferences", viewer(), "{\"homeDashboardUID\":\"no-such-dashboard\"}"));
        expect(401, put("/api/user/preferences", null, "{}"));
        expect(200, put("/api/org/preferences", SimulatorFixture.admin(), "{\"homeDashboardId\":0}"));
        expect(400, put("/api/org/preferences", SimulatorFixture.admin(), "{\"homeDashboardId\":\"x\"}"));
        expect(404, put("/api/org/preferences", SimulatorFixture.admin(), "{\"homeDashboardUID\":\"no-such-dashboard\"}"));
        expect(403, put("/api/org/preferences", viewer(), "{}"));
        expect(401, put("/api/org/preferences", null, "{}"));
    }

    // ---- service accounts -----------------------------------------------------------------------------------

    @Test
    void serviceAccountsConform() throws Exception {
        HttpResponse<String> created = expect(201, post("/api/serviceaccounts", SimulatorFixture.admin(),
                "{\"name\":\"Contract SA\",\"role\":\"Editor\",\"isDisabled\":false}"));
        long id = JSON.readTree(created.body()).get("id").asLong();
        expect(400, post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"name\":\"Contract SA\"}"));
        expect(400, post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"name\":\"x\",\"role\":\"Owner\"}"));
        expect(403, post("/api/serviceaccounts", editor(), "{\"name\":\"x\"}"));
        expect(401, post("/api/serviceaccounts", null, "{\"name\":\"x\"}"));

        expect(200, get("/api/serviceaccounts/search?query=contract&perpage=1&page=1", SimulatorFixture.admin()));
        expect(200, get("/api/serviceaccounts/search", "Bearer " + SimulatorFixture.TOKEN));
        expect(403, get("/api/serviceaccounts/search", viewer()));
        expect(401, get("/api/serviceaccounts/search", null));

        expect(200, get("/api/serviceaccounts/" + id, SimulatorFixture.admin()));
        expect(400, get("/api/serviceaccounts/abc", SimulatorFixture.admin()));
        expect(404, get("/api/serviceaccounts/999999", SimulatorFixture.admin()));
        expect(403, get("/api/serviceaccounts/" + id, viewer()));
        expect(401, get("/api/serviceaccounts/" + id, null));

        expect(200, patch("/api/serviceaccounts/" + id, SimulatorFixture.admin(), "{\"name\":\"Contract SA 2\",\"role\":\"Viewer\"}"));
        expect(400, patch("/api/serviceaccounts/" + id, SimulatorFixture.admin(), "{\"isDisabled\":\"yes\"}"));
        expect(404, patch("/api/serviceaccounts/999999", SimulatorFixture.admin(), "{}"));
        expect(403, patch("/api/serviceaccounts/" + id, editor(), "{}"));
        expect(401, patch("/api/serviceaccounts/" + id, null, "{}"));

        HttpResponse<String> token = expect(200, post("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin(),
                "{\"name\":\"contract-token\",\"secondsToLive\":3600}"));
        long tokenId = JSON.readTree(token.body()).get("id").asLong();
        expect(409, post("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin(), "{\"name\":\"contract-token\"}"));
        expect(400, post("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin(), "{\"secondsToLive\":60}"));
        expect(404, post("/api/serviceaccounts/999999/tokens", SimulatorFixture.admin(), "{\"name\":\"x\"}"));
        expect(403, post("/api/serviceaccounts/" + id + "/tokens", viewer(), "{\"name\":\"x\"}"));
        expect(401, post("/api/serviceaccounts/" + id + "/tokens", null, "{\"name\":\"x\"}"));

        expect(200, get("/api/serviceaccounts/" + id + "/tokens", SimulatorFixture.admin()));
        expect(400, get("/api/serviceaccounts/abc/tokens", SimulatorFixture.admin()));
        expect(403, get("/api/serviceaccounts/" + id + "/tokens", viewer()));
        expect(401, get("/api/serviceaccounts/" + id + "/tokens", null));

        expect(403, delete("/api/serviceaccounts/" + id + "/tokens/" + tokenId, viewer()));
        expect(401, delete("/api/serviceaccounts/" + id + "/tokens/" + tokenId, null));
        expect(400, delete("/api/serviceaccounts/" + id + "/tokens/abc", SimulatorFixture.admin()));
        expect(200, delete("/api/serviceaccounts/" + id + "/tokens/" + tokenId, SimulatorFixture.admin()));
        expect(404, delete("/api/serviceaccounts/" + id + "/tokens/" + tokenId, SimulatorFixture.admin()));

        expect(403, delete("/api/serviceaccounts/" + id, viewer()));
        expect(401, delete("/api/serviceaccounts/" + id, null));
        expect(400, delete("/api/serviceaccounts/abc", SimulatorFixture.admin()));
        expect(200, delete("/api/serviceaccounts/" + id, SimulatorFixture.admin()));
        expect(500, delete("/api/serviceaccounts/" + id, SimulatorFixture.admin()));
    }

    // ---- the check itself ---------------------------------------------------------------------------------

    /** Answers that show each listed deviation; one that nothing produces any more must leave the list. */
    @Test
    void everyKnownDeviationStillOccurs() throws Exception {
        String playlist = JSON.readTree(post("/api/playlists", SimulatorFixture.admin(),
                "{\"name\":\"Deviations\",\"interval\":\"1m\",\"items\":[]}").body()).get("uid").asText();
        post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"deviations\",\"title\":\"Deviations\"}");
        List<Finding> findings = new ArrayList<>();
        findings.addAll(witness(post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"title\":\"Deviations\"},\"folderUid\":\"ds-loki\"}")));
        findings.addAll(witness(post("/api/dashboards/uid/n1jR8vnnz/restore", SimulatorFixture.admin(), "{\"version\":1}")));
        long restoredId = JSON.readTree(get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin()).body()).at("/dashboard/id").asLong();
        findings.addAll(witness(post("/api/dashboards/id/" + restoredId + "/restore", SimulatorFixture.admin(), "{\"version\":1}")));
        findings.addAll(witness(post("/api/dashboards/import", viewer(), "{\"dashboard\":{\"title\":\"x\"}}")));
        findings.addAll(witness(get("/api/search/sorting", viewer())));
        String versions = "{\"base\":{\"dashboardId\":" + restoredId + ",\"version\":1},\"new\":{\"dashboardId\":" + restoredId
                + ",\"version\":2},\"diffType\":\"delta\"}";
        findings.addAll(witness(post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), versions)));
        findings.addAll(witness(post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), versions.replace("delta", "basic"))));
        findings.addAll(witness(post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), "{\"base\":{\"dashboardId\":0}}")));
        findings.addAll(witness(post("/api/dashboards/calculate-diff", SimulatorFixture.admin(), "{\"base\":[]}")));
        findings.addAll(witness(get("/api/folders?parentUid=data-sources", SimulatorFixture.admin())));
        findings.addAll(witness(post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"deviations\",\"title\":\"Again\"}")));
        findings.addAll(witness(put("/api/folders/deviations", SimulatorFixture.admin(), "{\"title\":\"Stale\",\"version\":7}")));
        findings.addAll(witness(delete("/api/folders/deviations", SimulatorFixture.admin())));
        findings.addAll(witness(post("/api/playlists", SimulatorFixture.admin(), "{\"interval\":\"1m\"}")));
        findings.addAll(witness(put("/api/playlists/" + playlist, SimulatorFixture.admin(), "{\"interval\":\"1m\"}")));
        findings.addAll(witness(delete("/api/playlists/" + playlist, SimulatorFixture.admin())));
        findings.addAll(witness(get("/api/dashboards/id/abc/permissions", SimulatorFixture.admin())));
        String toNobody = "{\"items\":[{\"permission\":1}]}";
        findings.addAll(witness(post("/api/dashboards/uid/n1jR8vnnz/permissions", SimulatorFixture.admin(), toNobody)));
        findings.addAll(witness(post("/api/dashboards/id/" + restoredId + "/permissions", SimulatorFixture.admin(), toNobody)));
        post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"deviations-perm\",\"title\":\"Deviations perm\"}");
        findings.addAll(witness(post("/api/folders/deviations-perm/permissions", SimulatorFixture.admin(), toNobody)));
        findings.addAll(witness(post("/api/folders/deviations-perm/permissions", SimulatorFixture.admin(), "{\"items\":7}")));
        findings.addAll(witness(post("/api/folders/deviations-perm/permissions", SimulatorFixture.admin(), "{\"items\":[]}")));
        findings.addAll(witness(get("/api/dashboards/home", editor()))); // the built-in home: no test gives the editor a preference
        put("/api/user/preferences", SimulatorFixture.admin(), "{\"homeDashboardUID\":\"n1jR8vnnz\"}");
        findings.addAll(witness(get("/api/dashboards/home", SimulatorFixture.admin())));
        put("/api/user/preferences", SimulatorFixture.admin(), "{\"homeDashboardUID\":\"\"}");
        findings.addAll(witness(put("/api/user/preferences", viewer(), "{\"homeDashboardUID\":\"no-such-dashboard\"}")));
        findings.addAll(witness(put("/api/org/preferences", SimulatorFixture.admin(), "{\"homeDashboardUID\":\"no-such-dashboard\"}")));
        long account = JSON.readTree(post("/api/serviceaccounts", SimulatorFixture.admin(), "{\"name\":\"Deviations SA\"}").body())
                .get("id").asLong();
        findings.addAll(witness(get("/api/serviceaccounts/" + account, SimulatorFixture.admin())));
        findings.addAll(witness(get("/api/serviceaccounts/" + account + "/tokens", SimulatorFixture.admin())));

        assertThat(findings).allMatch(Finding::explained);
        assertThat(GrafanaOpenApi.KNOWN_DEVIATIONS).allSatisfy(d -> assertThat(findings).as("%s still occurs", d).anyMatch(d::covers));
    }

    private static List<Finding> witness(HttpResponse<String> response) {
        return findings(response.request().method(), response.request().uri().getPath(), response);
    }

    /** A tampered real answer must fail, or the validation above proves nothing. */
    @Test
    void answersThatBreakTheDocumentAreCaught() throws Exception {
        HttpResponse<String> real = get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin());
        ObjectNode tampered = (ObjectNode) JSON.readTree(real.body());
        ((ObjectNode) tampered.get("meta")).put("folderId", "not a number").put("unheardOf", true);

        List<Finding> findings = document.findings("GET", "/api/dashboards/uid/n1jR8vnnz", 200, "application/json",
                tampered.toString());

        assertThat(findings).extracting(Finding::pointer, Finding::keyword)
                .containsExactlyInAnyOrder(tuple("/meta/folderId", "type"), tuple("/meta/unheardOf", "additionalProperties"));
        assertThat(document.findings("GET", "/api/dashboards/uid/n1jR8vnnz", 418, "application/json", real.body()))
                .extracting(Finding::keyword).containsExactly("status 418");
    }

    // ---- reference §1.3, exactly ------------------------------------------------------------------------

    static Stream<Arguments> dashboardErrors() {
        String longUid = "u".repeat(41);
        return Stream.of(
                Arguments.of("not found", "GET", "/api/dashboards/uid/no-such-dashboard", null,
                        404, "{\"status\":\"not-found\",\"message\":\"Dashboard not found\"}"),
                Arguments.of("version mismatch", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"uid\":\"n1jR8vnnz\",\"title\":\"Stale\",\"version\":0}}",
                        412, "{\"status\":\"version-mismatch\",\"message\":\"The dashboard has been changed by someone else\"}"),
                Arguments.of("empty title", "POST", "/api/dashboards/db", "{\"dashboard\":{\"title\":\"\"}}",
                        400, "{\"status\":\"empty-name\",\"message\":\"Dashboard title cannot be empty\"}"),
                Arguments.of("same uid", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"id\":%d,\"uid\":\"22mq9eSVz\",\"title\":\"x\",\"version\":1}}",
                        400, "{\"message\":\"A dashboard with the same uid already exists\"}"),
                Arguments.of("uid too long", "POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"" + longUid + "\",\"title\":\"x\"}}",
                        400, "{\"message\":\"uid too long, max 40 characters\"}"),
                Arguments.of("folder not found", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"title\":\"x\"},\"folderUid\":\"no-such-folder\"}",
                        404, "{\"message\":\"Folder not found\"}"),
                Arguments.of("message too long", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"title\":\"x\"},\"message\":\"" + "m".repeat(501) + "\"}",
                        400, "{\"message\":\"message too long, max 500 characters\"}"));
    }

    /** Body templates may name {@code %d}: the numeric id of the seeded all-panels dashboard. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dashboardErrors")
    void dashboardErrorsMatchTheReferenceTable(String error, String method, String path, String body, int status,
                                               String expectedBody) throws Exception {
        HttpResponse<String> response = "GET".equals(method)
                ? get(path, SimulatorFixture.admin())
                : post(path, SimulatorFixture.admin(), body.contains("%d") ? body.formatted(allPanelsId()) : body);

        assertThat(response.statusCode()).as(error).isEqualTo(status);
        assertThat(JSON.readTree(response.body())).as(error).isEqualTo(JSON.readTree(expectedBody));
        assertConforms(method, path, response);
    }

    // ---- the contract check -----------------------------------------------------------------------------

    private static HttpResponse<String> expect(int status, HttpResponse<String> response) {
        assertThat(response.statusCode()).as("%s %s: %s", response.request().method(), response.request().uri(), response.body())
                .isEqualTo(status);
        assertConforms(response.request().method(), response.request().uri().getPath(), response);
        return response;
    }

    /** Fails with every finding that no {@link GrafanaOpenApi.Deviation} accounts for. */
    private static void assertConforms(String method, String path, HttpResponse<String> response) {
        List<Finding> unexplained = findings(method, path, response).stream().filter(f -> !f.explained()).toList();
        assertThat(unexplained).as("%s %s -> %d %s", method, path, response.statusCode(), response.body()).isEmpty();
    }

    /** The answer as received, its Content-Type included: the document only allows application/json. */
    private static List<Finding> findings(String method, String path, HttpResponse<String> response) {
        return document.findings(method, path, response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                response.body());
    }

    // ---- plumbing ---------------------------------------------------------------------------------------

    private static long allPanelsId() throws Exception {
        return JSON.readTree(get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin()).body()).get("dashboard").get("id").asLong();
    }

    private static String viewer() {
        return SimulatorFixture.basic("viewer", "viewer");
    }

    private static String editor() {
        return SimulatorFixture.basic("editor", "editor");
    }

    private static HttpResponse<String> get(String path, String authorization) throws Exception {
        return sim.get(path, authorization);
    }

    private static HttpResponse<String> post(String path, String authorization, String json) throws Exception {
        return sim.post(path, authorization, json);
    }

    private static HttpResponse<String> put(String path, String authorization, String json) throws Exception {
        return send(sim.request(path, authorization).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    private static HttpResponse<String> patch(String path, String authorization, String json) throws Exception {
        return sim.send("PATCH", path, authorization, json);
    }

    private static HttpResponse<String> delete(String path, String authorization) throws Exception {
        return send(sim.request(path, authorization).DELETE().build());
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return sim.send(request);
    }
}
