package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Dashboards as Grafana serves them (reference §1.3–1.6), on the seeded simulator. */
class DashboardApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SimulatorFixture sim;

    @BeforeAll
    static void start() {
        sim = SimulatorFixture.start();
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    private static String create(String uid, String title) throws Exception {
        HttpResponse<String> response = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\",\"panels\":[],\"tags\":[\"t1\"]}}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    @Test
    void concurrentCreatesOfOneUidWithOverwriteAllSucceed() throws Exception {
        int writers = 8;
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        try {
            for (int round = 0; round < 20; round++) {
                String body = "{\"dashboard\":{\"uid\":\"raced-" + round + "\",\"title\":\"Raced " + round
                        + "\",\"panels\":[]},\"overwrite\":true}";
                CyclicBarrier start = new CyclicBarrier(writers);
                List<Callable<HttpResponse<String>>> saves = Collections.nCopies(writers, () -> {
                    start.await();
                    return sim.post("/api/dashboards/db", SimulatorFixture.admin(), body);
                });
                for (Future<HttpResponse<String>> save : threads.invokeAll(saves)) {
                    assertThat(save.get().statusCode()).as(save.get().body()).isEqualTo(200);
                }
                assertThat(json(sim.get("/api/dashboards/uid/raced-" + round, SimulatorFixture.admin())).get("dashboard")
                        .get("version").asInt()).isEqualTo(writers);
            }
        } finally {
            threads.shutdown();
        }
    }

    @Test
    void seededDashboardComesWithGrafanasMeta() throws Exception {
        HttpResponse<String> response = sim.get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = json(response);
        assertThat(body.get("dashboard").get("uid").asText()).isEqualTo("n1jR8vnnz");
        assertThat(body.get("dashboard").get("version").asInt()).isEqualTo(1);
        assertThat(body.get("dashboard").get("id").asLong()).isPositive();
        JsonNode meta = body.get("meta");
        assertThat(meta.get("type").asText()).isEqualTo("db");
        assertThat(meta.get("slug").asText()).isEqualTo("panel-tests-all-panels");
        assertThat(meta.get("url").asText()).isEqualTo("/d/n1jR8vnnz/panel-tests-all-panels");
        assertThat(meta.get("folderTitle").asText()).isEqualTo("General");
        assertThat(meta.get("createdBy").asText()).isEqualTo("admin");
        assertThat(meta.get("expires").asText()).isEqualTo("0001-01-01T00:00:00Z");
        assertThat(meta.get("canAdmin").asBoolean()).isTrue();
        assertThat(meta.has("isStarred")).isFalse();
        assertThat(fieldNames(meta)).startsWith("type", "canSave", "canEdit", "canAdmin", "canStar", "canDelete", "slug", "url");
    }

    @Test
    void dashboardInAFolderNamesItsFolder() throws Exception {
        JsonNode meta = json(sim.get("/api/dashboards/uid/22mq9eSVz", SimulatorFixture.admin())).get("meta");
        assertThat(meta.get("folderUid").asText()).isEqualTo("ds-loki");
        assertThat(meta.get("folderTitle").asText()).isEqualTo("Loki");
        assertThat(meta.get("folderUrl").asText()).isEqualTo("/dashboards/f/ds-loki/loki");
        assertThat(meta.get("folderId").asLong()).isPositive();
    }

    @Test
    void storedModelNotInGrafanasFormIsRewrittenAndCorruptOneIsA500() throws Exception {
        long id;
        try (java.sql.Connection c = sim.sim().dataSource().getConnection();
             java.sql.Statement s = c.createStatement()) {
            // Written by some other tool: keys unsorted, stale id and version inside the JSON.
            s.executeUpdate("INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, uid) VALUES (7, 'odd', 'Odd', "
                    + "'{\"version\":1,\"title\":\"Odd\",\"id\":999,\"uid\":\"odd-form\",\"b\":{\"z\":1,\"a\":2}}', 1, now(), now(), 'odd-form')");
            s.executeUpdate("INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, uid) VALUES (1, 'bad', 'Bad', "
                    + "'{not json', 1, now(), now(), 'corrupt-form')");
            try (java.sql.ResultSet rs = s.executeQuery("SELECT id FROM dashboard WHERE uid = 'odd-form'")) {
                rs.next();
                id = rs.getLong(1);
            }
        }
        HttpResponse<String> odd = sim.get("/api/dashboards/uid/odd-form", SimulatorFixture.admin());
        assertThat(odd.body()).startsWith("{\"dashboard\":{\"b\":{\"a\":2,\"z\":1},\"id\":" + id + ",\"title\":\"Odd\",\"uid\":\"odd-form\",\"version\":7},");

        HttpResponse<String> corrupt = sim.get("/api/dashboards/uid/corrupt-form", SimulatorFixture.admin());
        assertThat(corrupt.statusCode()).isEqualTo(500);
        assertThat(json(corrupt)).isEqualTo(JSON.readTree("{\"message\":\"Dashboard data is missing or corrupt\",\"status\":\"not-found\"}"));
    }

    @Test
    void anIdThatIsNoNumberOnTheIdVersionRoutesIsGrafanasBadRequest() throws Exception {
        HttpResponse<String> answer = sim.get("/api/dashboards/id/not-a-number/versions", SimulatorFixture.admin());

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("dashboardId is invalid");
    }

    @Test
    void missingDashboardIsGrafanasNotFound() throws Exception {
        HttpResponse<String> response = sim.get("/api/dashboards/uid/nope", SimulatorFixture.admin());
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(json(response)).isEqualTo(JSON.readTree("{\"message\":\"Dashboard not found\",\"status\":\"not-found\"}"));
    }

    @Test
    void createUpdateWithVersionsAndDelete() throws Exception {
        JsonNode created = JSON.readTree(create("life-cycle", "Life Cycle ✓"));
        // Grafana 9.3 answers util.DynMap{id, slug, status, uid, url, version}: sorted keys, no folderUid (added in 10).
        assertThat(fieldNames(created)).containsExactly("id", "slug", "status", "uid", "url", "version");
        assertThat(created.get("version").asInt()).isEqualTo(1);
        assertThat(created.get("slug").asText()).isEqualTo("life-cycle");
        assertThat(created.get("url").asText()).isEqualTo("/d/life-cycle/life-cycle");
        long id = created.get("id").asLong();

        HttpResponse<String> stale = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"life-cycle\",\"title\":\"Changed\",\"version\":0}}");
        assertThat(stale.statusCode()).isEqualTo(412);
        assertThat(json(stale)).isEqualTo(JSON.readTree(
                "{\"message\":\"The dashboard has been changed by someone else\",\"status\":\"version-mismatch\"}"));

        HttpResponse<String> updated = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"life-cycle\",\"title\":\"Changed\",\"version\":1},\"message\":\"second\"}");
        assertThat(json(updated).get("version").asInt()).isEqualTo(2);
        assertThat(json(updated).get("id").asLong()).isEqualTo(id);

        HttpResponse<String> forced = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"uid\":\"life-cycle\",\"title\":\"Forced\",\"version\":0},\"overwrite\":true}");
        assertThat(json(forced).get("version").asInt()).isEqualTo(3);

        JsonNode versions = json(sim.get("/api/dashboards/uid/life-cycle/versions", SimulatorFixture.admin()));
        assertThat(versions).hasSize(3);
        assertThat(versions.get(0).get("version").asInt()).isEqualTo(3);
        assertThat(versions.get(1).get("message").asText()).isEqualTo("second");
        assertThat(versions.get(1).get("createdBy").asText()).isEqualTo("admin");
        assertThat(versions.get(2).get("message").asText()).isEqualTo("Initial save");
        JsonNode v2 = json(sim.get("/api/dashboards/uid/life-cycle/versions/2", SimulatorFixture.admin()));
        assertThat(v2.get("data").get("title").asText()).isEqualTo("Changed");
        assertThat(v2.get("version").asInt()).isEqualTo(2);

        JsonNode restored = json(sim.post("/api/dashboards/uid/life-cycle/restore", SimulatorFixture.admin(), "{\"version\":2}"));
        assertThat(restored.get("version").asInt()).isEqualTo(4);
        JsonNode afterRestore = json(sim.get("/api/dashboards/uid/life-cycle/versions?limit=1", SimulatorFixture.admin()));
        assertThat(afterRestore).hasSize(1);
        assertThat(afterRestore.get(0).get("restoredFrom").asInt()).isEqualTo(2);
        assertThat(afterRestore.get(0).get("message").asText()).isEqualTo("Restored from version 2");
        assertThat(json(sim.get("/api/dashboards/uid/life-cycle", SimulatorFixture.admin())).at("/dashboard/title").asText())
                .isEqualTo("Changed");

        HttpResponse<String> deleted = sim.send(sim.request("/api/dashboards/uid/life-cycle", SimulatorFixture.admin()).DELETE().build());
        assertThat(json(deleted)).isEqualTo(JSON.readTree("{\"id\":" + id + ",\"message\":\"Dashboard Changed deleted\",\"title\":\"Changed\"}"));
        assertThat(sim.get("/api/dashboards/uid/life-cycle", SimulatorFixture.admin()).statusCode()).isEqualTo(404);
    }

    @Test
    void createWithoutUidGetsAGeneratedOne() throws Exception {
        JsonNode created = json(sim.post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"title\":\"No uid\"}}"));
        assertThat(created.get("uid").asText()).matches("[a-z][a-z0-9]{13}");
    }

    @Test
    void invalidSavesAreRefusedWithGrafanasMessages() throws Exception {
        HttpResponse<String> empty = sim.post("/api/dashboards/db", SimulatorFixture.admin(), "{\"dashboard\":{\"title\":\"  \"}}");
        assertThat(empty.statusCode()).isEqualTo(400);
        assertThat(json(empty)).isEqualTo(JSON.readTree("{\"message\":\"Dashboard title cannot be empty\",\"status\":\"empty-name\"}"));

        HttpResponse<String> longUid = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"title\":\"x\",\"uid\":\"" + "a".repeat(41) + "\"}}");
        assertThat(longUid.statusCode()).isEqualTo(400);
        assertThat(json(longUid).get("message").asText()).isEqualTo("uid too long, max 40 characters");

        HttpResponse<String> noFolder = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"title\":\"x\"},\"folderUid\":\"no-such-folder\"}");
        assertThat(noFolder.statusCode()).isEqualTo(404);
        assertThat(json(noFolder).get("message").asText()).isEqualTo("Folder not found");

        String id = json(sim.get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin())).get("dashboard").get("id").asText();
        create("other-uid", "Other");
        HttpResponse<String> sameUid = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                "{\"dashboard\":{\"id\":" + id + ",\"uid\":\"other-uid\",\"title\":\"x\",\"version\":1}}");
        assertThat(sameUid.statusCode()).isEqualTo(400);
        assertThat(json(sameUid).get("message").asText()).isEqualTo("A dashboard with the same uid already exists");

        HttpResponse<String> notJson = sim.post("/api/dashboards/db", SimulatorFixture.admin(), "not json");
        assertThat(notJson.statusCode()).isEqualTo(400);
    }

    @Test
    void authenticationRolesAndOrgContextAsGrafana() throws Exception {
        assertThat(sim.get("/api/dashboards/uid/n1jR8vnnz", null).statusCode()).isEqualTo(401);
        assertThat(json(sim.get("/api/dashboards/uid/n1jR8vnnz", null))).isEqualTo(JSON.readTree("{\"message\":\"Unauthorized\"}"));
        assertThat(sim.get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.basic("admin", "wrong")).statusCode()).isEqualTo(401);
        assertThat(sim.get("/api/dashboards/uid/n1jR8vnnz", "Bearer " + SimulatorFixture.TOKEN).statusCode()).isEqualTo(200);
        assertThat(sim.get("/api/dashboards/uid/n1jR8vnnz", "Bearer glsa_wrong").statusCode()).isEqualTo(401);

        String viewer = SimulatorFixture.basic("viewer", "viewer");
        assertThat(sim.get("/api/dashboards/uid/n1jR8vnnz", viewer).statusCode()).isEqualTo(200);
        assertThat(json(sim.get("/api/dashboards/uid/n1jR8vnnz", viewer)).get("meta").get("canSave").asBoolean()).isFalse();
        HttpResponse<String> forbidden = sim.post("/api/dashboards/db", viewer, "{\"dashboard\":{\"title\":\"x\"}}");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(json(forbidden)).isEqualTo(JSON.readTree("{\"message\":\"Permission denied\"}"));

        JsonNode org2 = json(sim.send(sim.request("/api/org", SimulatorFixture.admin()).header("X-Grafana-Org-Id", "2").build()));
        assertThat(org2.get("name").asText()).isEqualTo("Second Org.");
        JsonNode byQuery = json(sim.send(sim.request("/api/org?targetOrgId=1", SimulatorFixture.admin()).header("X-Grafana-Org-Id", "2").build()));
        assertThat(byQuery.get("id").asLong()).isEqualTo(1);
        assertThat(sim.send(sim.request("/api/org", viewer).header("X-Grafana-Org-Id", "2").build()).statusCode()).isEqualTo(401);

        String editor = SimulatorFixture.basic("editor", "editor");
        HttpResponse<String> editorInOrg2 = sim.send(sim.request("/api/dashboards/db", editor).header("X-Grafana-Org-Id", "2")
                .POST(HttpRequest.BodyPublishers.ofString("{\"dashboard\":{\"title\":\"x\"}}")).build());
        assertThat(editorInOrg2.statusCode()).as("editor is only a Viewer in org 2").isEqualTo(403);
    }

    @Test
    void userHealthAndOrg() throws Exception {
        JsonNode user = json(sim.get("/api/user", SimulatorFixture.admin()));
        assertThat(user.get("login").asText()).isEqualTo("admin");
        assertThat(user.get("isGrafanaAdmin").asBoolean()).isTrue();
        assertThat(json(sim.get("/api/health", null)).get("database").asText()).isEqualTo("ok");
        assertThat(json(sim.get("/api/org", SimulatorFixture.admin())).get("name").asText()).isEqualTo("Main Org.");
    }

}
