package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Folders as Grafana 9.3 serves them (reference §1.7), on the seeded simulator. Tests that create folders at the
 * top level delete them again, so that the seeded listing stays exact.
 */
class FolderApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ORG1_TOP = List.of("Alerting", "Bundled data sources", "Dashboards without uid",
            "Data sources", "HA test", "Panels", "Repeats", "Scenarios", "Templating", "Transforms");
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
    void listsTheSeededTopLevelFoldersByTitle() throws Exception {
        HttpResponse<String> response = sim.get("/api/folders", SimulatorFixture.admin());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode folders = json(response);
        assertThat(titles(folders)).containsExactlyElementsOf(ORG1_TOP);
        assertThat(fieldNames(folders.get(0))).containsExactly("id", "uid", "title");
        assertThat(folders.get(3).get("uid").asText()).isEqualTo("data-sources");
    }

    @Test
    void listsTheChildrenOfAParentWithTheirParentUid() throws Exception {
        JsonNode children = json(sim.get("/api/folders?parentUid=data-sources", SimulatorFixture.admin()));

        assertThat(titles(children)).containsExactly("Elasticsearch", "Influxdb", "Loki", "Mssql", "Mysql", "Opentsdb",
                "Postgres", "Testdata");
        assertThat(fieldNames(children.get(0))).containsExactly("id", "uid", "title", "parentUid");
        assertThat(children.get(2).get("uid").asText()).isEqualTo("ds-loki");
        assertThat(children.get(2).get("parentUid").asText()).isEqualTo("data-sources");

        HttpResponse<String> unknownParent = sim.get("/api/folders?parentUid=no-such-folder", SimulatorFixture.admin());
        assertThat(unknownParent.statusCode()).isEqualTo(404);
    }

    @Test
    void pagesThroughTheListingWithLimitAndPage() throws Exception {
        assertThat(titles(json(sim.get("/api/folders?limit=3", SimulatorFixture.admin()))))
                .containsExactly("Alerting", "Bundled data sources", "Dashboards without uid");
        assertThat(titles(json(sim.get("/api/folders?limit=3&page=2", SimulatorFixture.admin()))))
                .containsExactly("Data sources", "HA test", "Panels");
        assertThat(titles(json(sim.get("/api/folders?limit=3&page=4", SimulatorFixture.admin())))).containsExactly("Transforms");
        assertThat(json(sim.get("/api/folders?limit=3&page=5", SimulatorFixture.admin()))).isEmpty();
    }

    @Test
    void folderByUidAndByIdIsGrafanasFolderDto() throws Exception {
        long lokiId = json(sim.get("/api/dashboards/uid/22mq9eSVz", SimulatorFixture.admin())).get("meta").get("folderId").asLong();

        JsonNode loki = json(sim.get("/api/folders/ds-loki", SimulatorFixture.admin()));

        assertThat(fieldNames(loki)).containsExactly("id", "uid", "title", "url", "hasAcl", "canSave", "canEdit", "canAdmin",
                "canDelete", "createdBy", "created", "updatedBy", "updated", "version", "parent_uid");
        assertThat(loki.get("id").asLong()).isEqualTo(lokiId);
        assertThat(loki.get("uid").asText()).isEqualTo("ds-loki");
        assertThat(loki.get("title").asText()).isEqualTo("Loki");
        assertThat(loki.get("url").asText()).isEqualTo("/dashboards/f/ds-loki/loki");
        assertThat(loki.get("hasAcl").asBoolean()).isFalse();
        assertThat(loki.get("canAdmin").asBoolean()).isTrue();
        assertThat(loki.get("createdBy").asText()).isEqualTo("admin");
        assertThat(loki.get("created").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(loki.get("version").asInt()).isEqualTo(1);
        assertThat(loki.get("parent_uid").asText()).isEqualTo("data-sources");

        assertThat(json(sim.get("/api/folders/id/" + lokiId, SimulatorFixture.admin()))).isEqualTo(loki);
        assertThat(json(sim.get("/api/folders/panels", SimulatorFixture.admin())).has("parent_uid"))
                .as("top-level folders carry no parent").isFalse();
    }

    @Test
    void permissionsInTheDtoFollowTheRole() throws Exception {
        JsonNode asViewer = json(sim.get("/api/folders/panels", SimulatorFixture.basic("viewer", "viewer")));
        assertThat(List.of(asViewer.get("canSave").asBoolean(), asViewer.get("canEdit").asBoolean(),
                asViewer.get("canAdmin").asBoolean(), asViewer.get("canDelete").asBoolean())).containsOnly(false);
        JsonNode asEditor = json(sim.get("/api/folders/panels", SimulatorFixture.basic("editor", "editor")));
        assertThat(List.of(asEditor.get("canSave").asBoolean(), asEditor.get("canEdit").asBoolean(),
                asEditor.get("canDelete").asBoolean())).containsOnly(true);
        assertThat(asEditor.get("canAdmin").asBoolean()).isFalse();
    }

    @Test
    void missingFolderIsGrafanasFolderNotFound() throws Exception {
        JsonNode notFound = JSON.readTree("{\"message\":\"folder not found\",\"status\":\"not-found\"}");
        HttpResponse<String> byUid = sim.get("/api/folders/nope", SimulatorFixture.admin());
        assertThat(byUid.statusCode()).isEqualTo(404);
        assertThat(json(byUid)).isEqualTo(notFound);
        HttpResponse<String> byId = sim.get("/api/folders/id/999999", SimulatorFixture.admin());
        assertThat(byId.statusCode()).isEqualTo(404);
        assertThat(json(byId)).isEqualTo(notFound);
        HttpResponse<String> badId = sim.get("/api/folders/id/abc", SimulatorFixture.admin());
        assertThat(badId.statusCode()).isEqualTo(400);
        assertThat(json(badId)).isEqualTo(JSON.readTree("{\"message\":\"id is invalid\"}"));
        assertThat(sim.send("PUT", "/api/folders/nope", SimulatorFixture.admin(), "{\"title\":\"x\",\"version\":1}").statusCode())
                .isEqualTo(404);
        HttpResponse<String> deleteMissing = sim.send("DELETE", "/api/folders/nope", SimulatorFixture.admin(), null);
        assertThat(deleteMissing.statusCode()).isEqualTo(404);
        assertThat(json(deleteMissing)).isEqualTo(notFound);
    }

    @Test
    void createsTopLevelAndNestedFolders() throws Exception {
        HttpResponse<String> created = sim.post("/api/folders", SimulatorFixture.admin(),
                "{\"uid\":\"it-top\",\"title\":\"  IT top ✓ \",\"description\":\"made by a test\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        JsonNode top = json(created);
        assertThat(top.get("uid").asText()).isEqualTo("it-top");
        assertThat(top.get("title").asText()).isEqualTo("IT top ✓");
        assertThat(top.get("url").asText()).isEqualTo("/dashboards/f/it-top/it-top");
        assertThat(top.get("version").asInt()).isEqualTo(1);
        assertThat(top.get("createdBy").asText()).isEqualTo("admin");
        assertThat(top.has("parent_uid")).isFalse();
        assertThat(json(sim.get("/api/folders/it-top", SimulatorFixture.admin()))).isEqualTo(top);
        assertThat(sim.column("SELECT description FROM folder WHERE uid = 'it-top'")).isEqualTo("made by a test");

        JsonNode nested = json(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"IT nested\",\"parentUid\":\"it-top\"}"));
        assertThat(nested.get("uid").asText()).matches("[a-z][a-z0-9]{13}");
        assertThat(nested.get("parent_uid").asText()).isEqualTo("it-top");
        JsonNode snake = json(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"IT snake\",\"parent_uid\":\"it-top\"}"));
        assertThat(snake.get("parent_uid").asText()).as("9.3's parent_uid spelling").isEqualTo("it-top");
        assertThat(titles(json(sim.get("/api/folders?parentUid=it-top", SimulatorFixture.admin()))))
                .containsExactly("IT nested", "IT snake");

        assertThat(sim.send("DELETE", "/api/folders/it-top", SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);
    }

    @Test
    void invalidCreatesAreRefusedWithGrafanas93Answers() throws Exception {
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"  \"}"),
                400, "{\"message\":\"folder title cannot be empty\"}");
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"ds-loki\",\"title\":\"Other\"}"),
                412, "{\"message\":\"the folder has been changed by someone else\",\"status\":\"version-mismatch\"}");
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"n1jR8vnnz\",\"title\":\"Other\"}"),
                400, "{\"message\":\"Dashboard cannot be changed to a folder\"}");
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"Orphan\",\"parentUid\":\"no-such-folder\"}"),
                404, "{\"message\":\"folder not found\",\"status\":\"not-found\"}");
        String sameName = "{\"message\":\"a folder or dashboard in the general folder with the same name already exists\"}";
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"panels\"}"), 409, sameName);
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":\"Loki\",\"parentUid\":\"data-sources\"}"),
                409, sameName);
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"bad uid!\",\"title\":\"x\"}"),
                400, "{\"message\":\"uid contains illegal characters\"}");
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "{\"title\":5}"), 400, "{\"message\":\"bad request data\"}");
        assertRefused(sim.post("/api/folders", SimulatorFixture.admin(), "not json"), 400, "{\"message\":\"bad request data\"}");

        assertThat(titles(json(sim.get("/api/folders", SimulatorFixture.admin())))).containsExactlyElementsOf(ORG1_TOP);
    }

    @Test
    void updateChecksTheVersionAndKeepsBothRowsInStep() throws Exception {
        sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"it-rename\",\"title\":\"Before\",\"parentUid\":\"panels\"}");
        HttpResponse<String> dashboard = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"it-in-rename\",\"title\":\"Inside\"},\"folderUid\":\"it-rename\"}");
        assertThat(dashboard.statusCode()).isEqualTo(200);

        HttpResponse<String> renamed = sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.basic("editor", "editor"),
                "{\"title\":\"After\",\"version\":1}");
        assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(200);
        JsonNode after = json(renamed);
        assertThat(after.get("title").asText()).isEqualTo("After");
        assertThat(after.get("url").asText()).isEqualTo("/dashboards/f/it-rename/after");
        assertThat(after.get("version").asInt()).isEqualTo(2);
        assertThat(after.get("updatedBy").asText()).isEqualTo("editor");
        assertThat(after.get("createdBy").asText()).isEqualTo("admin");
        assertThat(sim.column("SELECT title FROM folder WHERE uid = 'it-rename'")).isEqualTo("After");
        assertThat(sim.column("SELECT title || '|' || slug || '|' || version FROM dashboard WHERE uid = 'it-rename'"))
                .isEqualTo("After|after|2");
        JsonNode meta = json(sim.get("/api/dashboards/uid/it-in-rename", SimulatorFixture.admin())).get("meta");
        assertThat(meta.get("folderTitle").asText()).isEqualTo("After");
        assertThat(meta.get("folderUrl").asText()).isEqualTo("/dashboards/f/it-rename/after");

        assertRefused(sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.admin(), "{\"title\":\"Stale\",\"version\":1}"),
                412, "{\"message\":\"the folder has been changed by someone else\",\"status\":\"version-mismatch\"}");
        assertRefused(sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.admin(), "{\"title\":\" \",\"version\":2}"),
                400, "{\"message\":\"folder title cannot be empty\"}");
        assertRefused(sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.admin(), "{\"title\":\"graph\",\"version\":2}"),
                409, "{\"message\":\"a folder or dashboard in the general folder with the same name already exists\"}");
        JsonNode forced = json(sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.admin(),
                "{\"title\":\"Forced\",\"version\":0,\"overwrite\":true}"));
        assertThat(forced.get("version").asInt()).isEqualTo(3);
        JsonNode describedOnly = json(sim.send("PUT", "/api/folders/it-rename", SimulatorFixture.admin(),
                "{\"description\":\"kept title\",\"version\":3}"));
        assertThat(describedOnly.get("title").asText()).isEqualTo("Forced");
        assertThat(describedOnly.get("version").asInt()).isEqualTo(4);
        assertThat(sim.column("SELECT description FROM folder WHERE uid = 'it-rename'")).isEqualTo("kept title");
    }

    @Test
    void deleteRemovesTheSubtreeWithItsDashboardsInOneGo() throws Exception {
        sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"it-doomed\",\"title\":\"Doomed\"}");
        sim.post("/api/folders", SimulatorFixture.admin(), "{\"uid\":\"it-doomed-child\",\"title\":\"Doomed child\",\"parentUid\":\"it-doomed\"}");
        long outer = dashboardIn("it-doomed-d1", "it-doomed");
        long inner = dashboardIn("it-doomed-d2", "it-doomed-child");
        sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"it-doomed-d2\",\"title\":\"it-doomed-d2 again\",\"version\":1,\"tags\":[\"doomed\"]}}");
        JsonNode playlist = json(sim.post("/api/playlists", SimulatorFixture.admin(),
                "{\"name\":\"IT doomed\",\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_id\",\"value\":\"" + inner
                        + "\"},{\"type\":\"dashboard_by_uid\",\"value\":\"it-doomed-d1\"}]}"));
        String ids = outer + "," + inner;
        assertThat(count("SELECT count(*) FROM dashboard_version WHERE dashboard_id IN (" + ids + ")")).isEqualTo(3);
        assertThat(count("SELECT count(*) FROM dashboard_tag WHERE dashboard_id IN (" + ids + ")")).isEqualTo(2);

        HttpResponse<String> deleted = sim.send("DELETE", "/api/folders/it-doomed", SimulatorFixture.basic("editor", "editor"), null);

        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(deleted.body()).as("9.3 answers response.JSON(200, \"\")").isEmpty();
        for (String uid : List.of("it-doomed", "it-doomed-child")) {
            assertThat(sim.get("/api/folders/" + uid, SimulatorFixture.admin()).statusCode()).isEqualTo(404);
        }
        for (String uid : List.of("it-doomed-d1", "it-doomed-d2")) {
            assertThat(sim.get("/api/dashboards/uid/" + uid, SimulatorFixture.admin()).statusCode()).isEqualTo(404);
        }
        assertThat(count("SELECT count(*) FROM dashboard WHERE uid LIKE 'it-doomed%'")).isZero();
        assertThat(count("SELECT count(*) FROM folder WHERE uid LIKE 'it-doomed%'")).isZero();
        assertThat(count("SELECT count(*) FROM dashboard_version WHERE dashboard_id IN (" + ids + ")")).isZero();
        assertThat(count("SELECT count(*) FROM dashboard_tag WHERE dashboard_id IN (" + ids + ")")).isZero();
        JsonNode items = json(sim.get("/api/playlists/" + playlist.get("uid").asText() + "/items", SimulatorFixture.admin()));
        assertThat(items).as("the by-id item goes with its dashboard, the by-uid one stays")
                .isEqualTo(JSON.readTree("[{\"type\":\"dashboard_by_uid\",\"value\":\"it-doomed-d1\"}]"));
        assertThat(json(sim.get("/api/search?query=doomed", SimulatorFixture.admin()))).isEmpty();
        assertThat(titles(json(sim.get("/api/folders", SimulatorFixture.admin())))).containsExactlyElementsOf(ORG1_TOP);
        sim.send("DELETE", "/api/playlists/" + playlist.get("uid").asText(), SimulatorFixture.admin(), null);
    }

    @Test
    void viewersCannotWriteButEditorsCan() throws Exception {
        String viewer = SimulatorFixture.basic("viewer", "viewer");
        JsonNode denied = JSON.readTree("{\"message\":\"Permission denied\"}");
        for (HttpResponse<String> response : List.of(
                sim.post("/api/folders", viewer, "{\"title\":\"Viewer's\"}"),
                sim.send("PUT", "/api/folders/panels", viewer, "{\"title\":\"Viewer's\",\"version\":1}"),
                sim.send("DELETE", "/api/folders/panels", viewer, null))) {
            assertThat(response.statusCode()).isEqualTo(403);
            assertThat(json(response)).isEqualTo(denied);
        }
        assertThat(sim.get("/api/folders/panels", viewer).statusCode()).isEqualTo(200);

        HttpResponse<String> byEditor = sim.post("/api/folders", SimulatorFixture.basic("editor", "editor"),
                "{\"uid\":\"it-editor\",\"title\":\"Editor's\"}");
        assertThat(byEditor.statusCode()).isEqualTo(200);
        assertThat(json(byEditor).get("createdBy").asText()).isEqualTo("editor");
        assertThat(sim.send("DELETE", "/api/folders/it-editor", SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);
    }

    @Test
    void eachOrgSeesOnlyItsOwnFolders() throws Exception {
        JsonNode org2 = json(sim.getInOrg2("/api/folders"));
        assertThat(titles(org2)).containsExactly("Alerting", "Bundled data sources", "Dashboards without uid", "Data sources", "HA test");
        assertThat(sim.getInOrg2("/api/folders/panels").statusCode()).as("Panels exists in org 1 only").isEqualTo(404);

        long org1Loki = json(sim.get("/api/folders/ds-loki", SimulatorFixture.admin())).get("id").asLong();
        assertThat(sim.getInOrg2("/api/folders/id/" + org1Loki).statusCode()).isEqualTo(404);
        JsonNode org2Elasticsearch = json(sim.getInOrg2("/api/folders/ds-elasticsearch"));
        JsonNode org1Elasticsearch = json(sim.get("/api/folders/ds-elasticsearch", SimulatorFixture.admin()));
        assertThat(org2Elasticsearch.get("id").asLong()).isNotEqualTo(org1Elasticsearch.get("id").asLong());
    }

    private static long dashboardIn(String uid, String folderUid) throws Exception {
        HttpResponse<String> saved = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + uid + "\",\"tags\":[\"doomed\"]},\"folderUid\":\"" + folderUid + "\"}");
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        return json(saved).get("id").asLong();
    }

    private static void assertRefused(HttpResponse<String> response, int status, String body) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(json(response)).isEqualTo(JSON.readTree(body));
    }

    private static long count(String sql) throws Exception {
        return Long.parseLong(sim.column(sql));
    }

    private static List<String> titles(JsonNode array) {
        List<String> titles = new ArrayList<>();
        array.forEach(node -> titles.add(node.get("title").asText()));
        return titles;
    }

}
