package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.legacy.LegacyRoute;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operations a migrated resource answers from unified storage beyond reads and saves (a dashboard's versions and
 * restore, import, a playlist's dashboards) against the legacy side: the same calls made in mode 0 (the legacy side
 * answers) and in mode 4 answer the same, field for field after the routes' comparison rules, with the objects' own
 * uid and legacy id written out of the answers.
 */
class LegacySurfaceParityIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String EDITOR = Http.basic("editor", "editor");
    private static final String VIEWER = Http.basic("viewer", "viewer");
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DashboardTranslator TRANSLATOR = new DashboardTranslator(new TranslatorSettings(
            Namespaces.onPrem(), kind -> 0, UserIdentities.byLogin(), Clock.systemUTC(), new Random(1)));

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, "glsa_versionstest0123456789abcdef_5eed5eed",
                Map.of("legacy.database-url", "SIM"));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @AfterEach
    void backToModeZero() throws Exception {
        admin.forceMode(DASHBOARDS, null, 0);
        admin.forceMode(PLAYLISTS, null, 0);
    }

    /** One call of the script: the route it is an operation of, and how it is sent. */
    private record Call(String routeId, String method, String path, String authorization, String body) {
        /** The call with the dashboard's legacy id written in, for scripts that know it beforehand. */
        Call withId(String id) {
            return new Call(routeId, method, path.replace("{id}", id), authorization, body == null ? null : body.replace("{id}", id));
        }
    }

    /** Saves, an unchanged save, restores by uid and id, and every read of the versions, refusals included. */
    private static List<Call> script(String uid) {
        String byUid = "/api/dashboards/uid/" + uid;
        String byId = "/api/dashboards/id/{id}";
        return List.of(
                new Call("dashboards.save", "POST", "/api/dashboards/db", ADMIN, save(uid, "History one", null, "first")),
                new Call("dashboards.save", "POST", "/api/dashboards/db", EDITOR, save(uid, "History two", 1, "second")),
                new Call("dashboards.save", "POST", "/api/dashboards/db", ADMIN, save(uid, "History two", 2, "unchanged")),
                new Call("dashboards.restore", "POST", byUid + "/restore", ADMIN, "{\"version\":1}"),
                new Call("dashboards.versions", "GET", byUid + "/versions", ADMIN, null),
                new Call("dashboards.versions", "GET", byUid + "/versions/", EDITOR, null),
                new Call("dashboards.versions", "GET", byUid + "/versions?limit=2&start=1", ADMIN, null),
                new Call("dashboards.versions", "GET", byUid + "/versions?limit=0&start=-3", ADMIN, null),
                new Call("dashboards.versions", "GET", byUid + "/versions?start=10", ADMIN, null),
                new Call("dashboards.versions", "GET", byUid + "/versions", VIEWER, null),
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/no-such-dashboard/versions", ADMIN, null),
                new Call("dashboards.version", "GET", byUid + "/versions/2", ADMIN, null),
                new Call("dashboards.version", "GET", byUid + "/versions/4", ADMIN, null),
                new Call("dashboards.version", "GET", byUid + "/versions/99", ADMIN, null),
                new Call("dashboards.version", "GET", byUid + "/versions/two", ADMIN, null),
                new Call("dashboards.versionsById", "GET", byId + "/versions", ADMIN, null),
                new Call("dashboards.versionsById", "GET", "/api/dashboards/id/x7/versions", ADMIN, null),
                new Call("dashboards.versionById", "GET", byId + "/versions/3", ADMIN, null),
                new Call("dashboards.restoreById", "POST", byId + "/restore", ADMIN, "{\"version\":2}"),
                new Call("dashboards.restore", "POST", byUid + "/restore", ADMIN, "{\"version\":77}"),
                new Call("dashboards.restore", "POST", byUid + "/restore", ADMIN, "{\"version\":\"1\"}"),
                new Call("dashboards.restore", "POST", byUid + "/restore", VIEWER, "{\"version\":1}"),
                new Call("dashboards.versions", "GET", byUid + "/versions", ADMIN, null),
                new Call("dashboards.get", "GET", byUid, ADMIN, null),
                diff(ADMIN, 1, 2, "delta"),
                diff(EDITOR, 1, 5, "basic"),
                diff(ADMIN, 2, 4, "json"),
                diff(ADMIN, 3, 1, null),
                diff(ADMIN, 1, 99, "delta"),
                diff(VIEWER, 1, 2, "delta"),
                new Call("dashboards.calculateDiff", "POST", DIFF, ADMIN, "{\"base\":{\"dashboardId\":0,\"version\":1}}"),
                new Call("dashboards.calculateDiff", "POST", DIFF, ADMIN, "{\"base\":5}"),
                new Call("dashboards.calculateDiff", "POST", DIFF, ADMIN, "{\"base\":{\"dashboardId\":\"{id}\"},\"diffType\":\"delta\"}"));
    }

    private static final String DIFF = "/api/dashboards/calculate-diff";

    /** A comparison of two versions of the script's dashboard. */
    private static Call diff(String authorization, int base, int next, String diffType) {
        return new Call("dashboards.calculateDiff", "POST", DIFF, authorization, "{\"base\":{\"dashboardId\":{id},\"version\":" + base
                + "},\"new\":{\"dashboardId\":{id},\"version\":" + next + "}" + (diffType == null ? "" : ",\"diffType\":\"" + diffType + "\"")
                + "}");
    }

    /** Imports: inputs filled in, overwrite, a folder by id, the refusals. */
    private static List<Call> importScript(String uid) {
        String template = "{\"__inputs\":[{\"name\":\"DS_PROM\",\"type\":\"datasource\",\"pluginId\":\"prometheus\"}],"
                + "\"uid\":\"" + uid + "\",\"title\":\"Imported\",\"revision\":3,\"panels\":[{\"id\":1,"
                + "\"datasource\":\"${DS_PROM}\",\"title\":\"on ${DS_PROM} and ${DS_OTHER}\"}],\"schemaVersion\":36}";
        String inputs = "[{\"name\":\"DS_PROM\",\"type\":\"datasource\",\"pluginId\":\"prometheus\",\"value\":\"prom-1\"}]";
        return List.of(
                new Call("dashboards.import", "POST", "/api/dashboards/import", ADMIN,
                        "{\"dashboard\":" + template + ",\"inputs\":" + inputs + ",\"path\":\"p.json\"}"),
                new Call("dashboards.get", "GET", "/api/dashboards/uid/" + uid, ADMIN, null),
                new Call("dashboards.import", "POST", "/api/dashboards/import", ADMIN,
                        "{\"dashboard\":" + template + ",\"inputs\":" + inputs + "}"),
                new Call("dashboards.import", "POST", "/api/dashboards/import", EDITOR,
                        "{\"dashboard\":" + template + ",\"inputs\":" + inputs + ",\"overwrite\":true,\"folderId\":0}"),
                new Call("dashboards.import", "POST", "/api/dashboards/import", ADMIN, "{\"dashboard\":" + template + "}"),
                new Call("dashboards.import", "POST", "/api/dashboards/import", ADMIN, "{\"overwrite\":true}"),
                new Call("dashboards.import", "POST", "/api/dashboards/import", ADMIN, "{\"dashboard\":{\"title\":\"x\"},\"inputs\":5}"),
                new Call("dashboards.import", "POST", "/api/dashboards/import", VIEWER, "{\"dashboard\":{\"title\":\"x\"}}"),
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/" + uid + "/versions", ADMIN, null),
                new Call("dashboards.get", "GET", "/api/dashboards/uid/" + uid, ADMIN, null));
    }

    @Test
    void anImportAnswersInModeFourAsTheLegacySideAnswersInModeZero() throws Exception {
        List<String> legacy = run(importScript("import-legacy"), "import-legacy");
        admin.forceMode(DASHBOARDS, null, 4);
        List<String> unified = run(importScript("import-unified"), "import-unified");

        assertThat(deployment.legacyRows("dashboard", "import-unified")).isZero();
        for (int i = 0; i < legacy.size(); i++) {
            assertThat(unified.get(i)).as("call %d: %s", i, importScript("import-unified").get(i)).isEqualTo(legacy.get(i));
        }
        assertThat(legacy.get(1)).as("the inputs are filled in").contains("prom-1", "on prom-1 and ${DS_OTHER}").doesNotContain("__inputs");
        assertThat(legacy.get(2)).as("the same uid without overwrite").startsWith("412");
    }

    @Test
    void theVersionRoutesAnswerInModeFourAsTheLegacySideAnswersInModeZero() throws Exception {
        List<String> legacy = run(script("history-legacy"), "history-legacy");
        admin.forceMode(DASHBOARDS, null, 4);
        List<String> unified = run(script("history-unified"), "history-unified");

        assertThat(deployment.legacyRows("dashboard", "history-unified")).as("mode 4 wrote nothing to the legacy side").isZero();
        for (int i = 0; i < legacy.size(); i++) {
            assertThat(unified.get(i)).as("call %d: %s", i, script("history-unified").get(i)).isEqualTo(legacy.get(i));
        }
        assertThat(legacy.get(26)).as("a delta names what changed").contains("History one", "History two");
        assertThat(legacy.get(27)).as("an HTML view").startsWith("200 <div class=\"diff-group\">").contains("title");
        assertThat(legacy.get(30)).startsWith("404 ").contains("Dashboard version not found");
        assertThat(legacy.get(4)).as("the list shows the versions and Grafana's messages")
                .contains("\"version\":4", "Restored from version 1", "\"message\":\"second\"", "Initial save");
    }

    @Test
    void aCopiedDashboardKeepsItsLegacyVersionsAndGoesOnFromThemInModeFour() throws Exception {
        assertThat(send("POST", "/api/dashboards/db", ADMIN, save("copied-history", "Copied v1", null, "legacy 1")).status())
                .isEqualTo(200);
        assertThat(send("POST", "/api/dashboards/db", EDITOR, save("copied-history", "Copied v2", 1, "legacy 2")).status())
                .isEqualTo(200);
        assertThat(send("POST", "/api/dashboards/uid/copied-history/restore", ADMIN, "{\"version\":1}").status()).isEqualTo(200);
        assertThat(send("POST", "/api/dashboards/db", ADMIN, save("copied-history", "Copied v4", 3, "legacy 4")).status())
                .isEqualTo(200);
        List<Call> reads = List.of(
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/copied-history/versions", ADMIN, null),
                new Call("dashboards.version", "GET", "/api/dashboards/uid/copied-history/versions/2", ADMIN, null),
                new Call("dashboards.version", "GET", "/api/dashboards/uid/copied-history/versions/3", ADMIN, null));
        List<String> legacy = run(reads, "copied-history");

        copy(DASHBOARDS);
        copy(DASHBOARDS);
        admin.forceMode(DASHBOARDS, null, 4);

        assertThat(run(reads, "copied-history")).as("the versions made on the legacy side before the copy").isEqualTo(legacy);
        assertThat(send("POST", "/api/dashboards/db", ADMIN, save("copied-history", "Unified v5", 4, "mode 4")).json()
                .path("version").asInt()).isEqualTo(5);
        Answer restored = send("POST", "/api/dashboards/uid/copied-history/restore", ADMIN, "{\"version\":2}");
        assertThat(restored.json().path("version").asInt()).as(restored.text()).isEqualTo(6);

        JsonNode versions = send("GET", "/api/dashboards/uid/copied-history/versions", ADMIN, null).json();
        assertThat(versions).extracting(v -> v.path("version").asInt()).containsExactly(6, 5, 4, 3, 2, 1);
        assertThat(versions).extracting(v -> v.path("message").asText()).containsExactly("Restored from version 2", "mode 4",
                "legacy 4", "Restored from version 1", "legacy 2", "Initial save");
        assertThat(send("GET", "/api/dashboards/uid/copied-history", ADMIN, null).json().at("/dashboard/title").asText())
                .isEqualTo("Copied v2");
        assertThat(direct("GET", "/api/dashboards/uid/copied-history/versions", ADMIN).json())
                .as("the legacy side's history is left as it was").hasSize(4);
    }

    @Test
    void aPlaylistsDashboardsInModeFourAreTheLegacySidesAnswer() throws Exception {
        for (String title : new String[] {"Rotation b", "Rotation a", "Rotation c"}) {
            send("POST", "/api/dashboards/db", ADMIN, "{\"dashboard\":{\"title\":\"" + title + "\",\"tags\":[\"rotation\"]}}");
        }
        long id = send("POST", "/api/dashboards/db", ADMIN, "{\"dashboard\":{\"title\":\"By id\"}}").json().path("id").asLong();
        String resolved = send("POST", "/api/playlists", ADMIN, "{\"name\":\"Resolved\",\"interval\":\"1m\",\"items\":["
                + "{\"type\":\"dashboard_by_id\",\"value\":\"" + id + "\"},{\"type\":\"dashboard_by_tag\",\"value\":\"rotation\"},"
                + "{\"type\":\"dashboard_by_tag\",\"value\":\"no-such-tag\"},{\"type\":\"dashboard_by_id\",\"value\":\"999999\"}]}")
                .json().path("uid").asText();
        String byUid = send("POST", "/api/playlists", ADMIN, "{\"name\":\"By uid\",\"interval\":\"1m\",\"items\":["
                + "{\"type\":\"dashboard_by_uid\",\"value\":\"n1jR8vnnz\"}]}").json().path("uid").asText();
        copy(DASHBOARDS);
        copy(PLAYLISTS);
        Answer legacy = direct("GET", "/api/playlists/" + resolved + "/dashboards", ADMIN);
        assertThat(legacy.json().size()).as(legacy.text()).isEqualTo(4);

        admin.forceMode(PLAYLISTS, null, 4);
        assertThat(send("GET", "/api/playlists/" + resolved + "/dashboards", VIEWER, null).text())
                .as("dashboards still on the legacy side").isEqualTo(legacy.text());
        admin.forceMode(DASHBOARDS, null, 4);
        Answer unified = send("GET", "/api/playlists/" + resolved + "/dashboards/", VIEWER, null);
        assertThat(unified.status()).isEqualTo(200);
        assertThat(unified.text()).isEqualTo(legacy.text());
        for (String uid : new String[] {byUid, "no-such-playlist"}) {
            Answer refused = send("GET", "/api/playlists/" + uid + "/dashboards", VIEWER, null);
            Answer direct = direct("GET", "/api/playlists/" + uid + "/dashboards", ADMIN);
            assertThat(refused.status()).as(uid).isEqualTo(direct.status()).isEqualTo(500);
            assertThat(refused.text()).as(uid).isEqualTo(direct.text());
        }
    }

    @Test
    void aRealDashboardsHistoryAnswersAlikeOnTheLegacySideAndInModeFourAfterTheCopy() throws Exception {
        String uid = "n1jR8vnnz"; // a real Grafana dashboard the simulator seeds (shared/data)
        ObjectNode model = (ObjectNode) direct("GET", "/api/dashboards/uid/" + uid, ADMIN).json().path("dashboard");
        int version = model.path("version").asInt();
        model.put("title", "Renamed on the legacy side");
        assertThat(direct("POST", "/api/dashboards/db", ADMIN, "{\"dashboard\":" + model + ",\"message\":\"before the copy\"}")
                .status()).isEqualTo(200);
        assertThat(direct("POST", "/api/dashboards/uid/" + uid + "/restore", ADMIN, "{\"version\":" + version + "}").status())
                .isEqualTo(200);
        copy(DASHBOARDS);
        admin.forceMode(DASHBOARDS, null, 4);

        model.put("title", "Renamed after the copy").put("version", version + 2);
        List<Call> script = List.of(
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/" + uid + "/versions", ADMIN, null),
                new Call("dashboards.save", "POST", "/api/dashboards/db", EDITOR,
                        "{\"dashboard\":" + model + ",\"message\":\"after the copy\"}"),
                new Call("dashboards.restore", "POST", "/api/dashboards/uid/" + uid + "/restore", ADMIN,
                        "{\"version\":" + (version + 1) + "}"),
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/" + uid + "/versions", ADMIN, null),
                new Call("dashboards.versions", "GET", "/api/dashboards/uid/" + uid + "/versions?limit=2&start=1", EDITOR, null),
                new Call("dashboards.version", "GET", "/api/dashboards/uid/" + uid + "/versions/" + version, ADMIN, null),
                new Call("dashboards.version", "GET", "/api/dashboards/uid/" + uid + "/versions/" + (version + 1), ADMIN, null),
                new Call("dashboards.version", "GET", "/api/dashboards/uid/" + uid + "/versions/" + (version + 3), ADMIN, null),
                new Call("dashboards.versionsById", "GET", "/api/dashboards/id/" + model.path("id").asLong() + "/versions", ADMIN, null),
                new Call("dashboards.get", "GET", "/api/dashboards/uid/" + uid, ADMIN, null),
                diff(ADMIN, version, version + 3, "delta").withId(model.path("id").asText()),
                diff(EDITOR, version + 1, version + 3, "json").withId(model.path("id").asText()));

        List<String> legacy = run(script, uid, this::direct);
        List<String> unified = run(script, uid, this::send);

        for (int i = 0; i < legacy.size(); i++) {
            assertThat(unified.get(i)).as("call %d: %s", i, script.get(i)).isEqualTo(legacy.get(i));
        }
        assertThat(legacy.get(3)).contains("after the copy", "before the copy", "Restored from version " + (version + 1));
        assertThat(legacy.get(10)).as("a delta from before the copy to after it").startsWith("200 ").contains("Renamed after the copy");
        assertThat(legacy.get(11)).startsWith("200 <div class=\"diff-json\">");
    }

    /** Where a script's calls go: the gateway, or the legacy side directly. */
    @FunctionalInterface
    private interface Side {
        Answer send(String method, String pathAndQuery, String authorization, String body) throws Exception;
    }

    private List<String> run(List<Call> calls, String uid) throws Exception {
        return run(calls, uid, this::send);
    }

    /** The script's answers, each as status and normalized body, with the dashboard's uid and legacy id written out. */
    private List<String> run(List<Call> calls, String uid, Side side) throws Exception {
        List<String> answers = new ArrayList<>();
        String id = "";
        for (Call call : calls) {
            Answer answer = side.send(call.method(), call.path().replace("{id}", id), call.authorization(),
                    call.body() == null ? null : call.body().replace("{id}", id));
            if (id.isEmpty() && call.routeId().equals("dashboards.save")) {
                id = answer.json().path("id").asText();
            }
            if (id.isEmpty() && call.routeId().equals("dashboards.import")) {
                id = answer.json().path("dashboardId").asText();
            }
            String text = answer.text().replace(uid, "<uid>");
            if (!id.isEmpty()) {
                text = text.replaceAll("\\b" + id + "\\b", "4242424242"); // a number, where the id is one
            }
            if (text.startsWith("<")) {
                answers.add(answer.status() + " " + text); // a comparison rendered as HTML, compared as it is
                continue;
            }
            JsonNode body = text.isBlank() ? JSON.nullNode() : JSON.readTree(text);
            JsonNode normalized = TRANSLATOR.legacyRules(route(call.routeId())).normalize(body);
            answers.add(answer.status() + " " + JSON.writeValueAsString(normalized));
        }
        return answers;
    }

    private static LegacyRoute route(String id) {
        return TRANSLATOR.routes().stream().filter(route -> route.id().equals(id)).findFirst().orElseThrow();
    }

    private static String save(String uid, String title, Integer version, String message) {
        return "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + title + "\",\"tags\":[\"history\"],\"panels\":[],"
                + "\"schemaVersion\":36" + (version == null ? "" : ",\"version\":" + version) + "},\"message\":\"" + message + "\"}";
    }

    private static void copy(String resource) throws Exception {
        admin.runJob("copy", resource);
    }

    private Answer send(String method, String pathAndQuery, String authorization, String body) throws Exception {
        return http.exchange(gateway.uri(pathAndQuery), method, authorization, body);
    }

    private Answer direct(String method, String pathAndQuery, String authorization) throws Exception {
        return direct(method, pathAndQuery, authorization, null);
    }

    private Answer direct(String method, String pathAndQuery, String authorization, String body) throws Exception {
        return http.exchange(URI.create(deployment.sim().baseUrl() + pathAndQuery), method, authorization, body);
    }
}
