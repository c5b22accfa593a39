package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import io.migrationgateway.testsupport.TestDatabase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The serving path at scale (DESIGN §11): 20,000 generated dashboards (and the seeded ones) copied into unified
 * storage and served by a gateway in a JVM of its own with a 256 MB heap that stops on an OutOfMemoryError. Every
 * search shape and every playlist's dashboards answer in mode 4 exactly as the legacy side answers them, a dashboard's
 * versions go on from the copy through a save and a restore, a list without a limit and a watch from
 * resource version 0 hold every dashboard, a thousand mode-4 reads answer, lists in mode 0 page across namespaces,
 * and shadow comparisons of searches in mode 1 end in a match: all without running out of memory.
 */
class ServingAtScaleIT {
    private static final int GENERATED = 20_000;
    private static final String ADMIN_PASSWORD = "sim-admin";
    private static final String TOKEN = "glsa_scale_token";
    private static final String CALLER = Http.basic("admin", ADMIN_PASSWORD);
    private static final String GATEWAY_ADMIN = Http.basic(TestGateway.ADMIN_USER, TestGateway.ADMIN_PASSWORD);
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String simSchema;
    private static LegacySim sim;
    private static GatewayProcess gateway;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void aLargeDeploymentCopiedIntoUnifiedStorage() throws Exception {
        simSchema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), simSchema, ADMIN_PASSWORD, TOKEN, true));
        new BulkLoader(sim.dataSource(), Clock.systemUTC(), 2_000).load(1, GENERATED, DashboardGenerator.fromSeedDashboards(7),
                (done, total) -> { });
        String legacyDatabase = TestDatabase.url() + (TestDatabase.url().contains("?") ? "&" : "?") + "currentSchema=" + simSchema;
        gateway = GatewayProcess.start(sim.baseUrl(), List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"), Map.of(
                "MGW_LEGACY_DATABASE_URL", legacyDatabase,
                "MGW_SHADOW_CPU_SHARE", "1",
                "MGW_SHADOW_RESOURCES_DASHBOARDS_SAMPLING_RATE", "1"));
        copy(FOLDERS);
        copy(DASHBOARDS);
        copy(PLAYLISTS);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (gateway != null) {
                assertThat(gateway.output()).doesNotContain("OutOfMemoryError");
                gateway.close();
            }
        } finally {
            if (sim != null) {
                sim.close();
            }
            TestDatabase.dropSchema(simSchema);
        }
    }

    @Test
    void everySearchShapeInModeFourAnswersExactlyAsTheLegacySide() throws Exception {
        unifiedOnly();
        long folderId = legacyLong("SELECT id FROM dashboard WHERE is_folder AND org_id = 1 ORDER BY id LIMIT 1");
        String folderUid = legacyText("SELECT uid FROM dashboard WHERE is_folder AND org_id = 1 ORDER BY id LIMIT 1");
        String tag = legacyText("SELECT term FROM dashboard_tag WHERE org_id = 1 GROUP BY term ORDER BY count(*) DESC LIMIT 1");
        String rareTag = legacyText("SELECT term FROM dashboard_tag WHERE org_id = 1 GROUP BY term ORDER BY count(*), term LIMIT 1");
        List<String> shapes = List.of("", "?query=cpu", "?query=CPU%20usage", "?query=e_s", "?query=zz-no-such-title",
                "?tag=" + tag, "?tag=" + tag + "&tag=" + rareTag, "?type=dash-folder", "?type=dash-db&limit=5000",
                "?folderIds=" + folderId, "?folderIds=0&limit=50", "?folderUIDs=" + folderUid + ",general&limit=100",
                "?sort=alpha-desc&limit=100", "?limit=100&page=150", "?limit=1000&page=20", "?limit=5000&page=4",
                "?dashboardIds=1,2,3,100,10000", "?query=a&tag=" + tag + "&sort=alpha-desc&limit=20&page=3",
                "?starred=true", "?limit=5001");
        for (String shape : shapes) {
            HttpResponse<String> legacy = get(URI.create(sim.baseUrl() + "/api/search" + shape), CALLER);
            HttpResponse<String> translated = get(gateway.uri("/api/search" + shape), CALLER);
            assertThat(translated.statusCode()).as(shape).isEqualTo(legacy.statusCode());
            assertSame(shape, legacy.body(), translated.body());
        }
    }

    @Test
    void playlistsWithTagItemsAndFolderListsInModeFourAnswerExactlyAsTheLegacySide() throws Exception {
        unifiedOnly();
        admin("PUT", "/admin/resources/" + PLAYLISTS + "/mode", "{\"mode\":4,\"force\":true,\"reason\":\"scale test\"}");
        assertThat(legacyLong("SELECT count(*) FROM playlist_item WHERE type = 'dashboard_by_tag'")).isPositive();
        List<String> paths = new ArrayList<>(List.of("/api/playlists", "/api/playlists?query=a", "/api/playlists?limit=1",
                "/api/folders", "/api/folders?limit=3&page=2", "/api/folders?parentUid=no-such-folder"));
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT uid FROM playlist WHERE org_id = 1 ORDER BY id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                paths.add("/api/playlists/" + rs.getString(1));
                paths.add("/api/playlists/" + rs.getString(1) + "/items");
                paths.add("/api/playlists/" + rs.getString(1) + "/dashboards");
            }
        }
        for (String path : paths) {
            HttpResponse<String> legacy = get(URI.create(sim.baseUrl() + path), CALLER);
            HttpResponse<String> translated = get(gateway.uri(path), CALLER);
            assertThat(translated.statusCode()).as(path).isEqualTo(legacy.statusCode());
            assertSame(path, legacy.body(), translated.body());
        }
    }

    @Test
    void aDashboardsVersionsAmongTwentyThousandAnswerInModeFourAndGoOnFromTheCopy() throws Exception {
        unifiedOnly();
        String uid = legacyText("SELECT uid FROM dashboard WHERE NOT is_folder AND org_id = 1 ORDER BY id DESC LIMIT 1");
        String versions = "/api/dashboards/uid/" + uid + "/versions";
        JsonNode legacy = JSON.readTree(get(URI.create(sim.baseUrl() + versions), CALLER).body());
        JsonNode copied = JSON.readTree(get(gateway.uri(versions), CALLER).body());
        assertThat(copied).hasSize(1);
        for (String field : List.of("dashboardId", "dashboardUid", "parentVersion", "restoredFrom", "version", "createdBy", "message")) {
            assertThat(copied.get(0).path(field)).as(field).isEqualTo(legacy.get(0).path(field));
        }

        JsonNode model = JSON.readTree(get(gateway.uri("/api/dashboards/uid/" + uid), CALLER).body()).path("dashboard");
        ((ObjectNode) model).put("title", "Saved at scale");
        HttpResponse<String> saved = send("POST", gateway.uri("/api/dashboards/db"), CALLER, "{\"dashboard\":" + model + "}");
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        HttpResponse<String> restored = send("POST", gateway.uri("/api/dashboards/uid/" + uid + "/restore"), CALLER,
                "{\"version\":" + copied.get(0).path("version").asInt() + "}");
        assertThat(restored.statusCode()).as(restored.body()).isEqualTo(200);

        JsonNode after = JSON.readTree(get(gateway.uri(versions), CALLER).body());
        assertThat(after).extracting(v -> v.path("message").asText())
                .containsExactly("Restored from version " + copied.get(0).path("version").asInt(), "", copied.get(0).path("message").asText());
        JsonNode one = JSON.readTree(get(gateway.uri(versions + "/" + after.get(1).path("version").asInt()), CALLER).body());
        assertThat(one.at("/data/title").asText()).isEqualTo("Saved at scale");
    }

    @Test
    void aListWithoutLimitStreamsEveryDashboardOfTheNamespace() throws Exception {
        unifiedOnly();
        long expected = legacyLong("SELECT count(*) FROM dashboard WHERE NOT is_folder AND org_id = 1");

        HttpResponse<InputStream> list = stream(gateway.uri("/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards"));

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.headers().firstValue("Content-Length")).as("written as it is read").isEmpty();
        assertThat(countItems(list.body())).isEqualTo(expected);
    }

    @Test
    void aWatchFromResourceVersionZeroStartsWithEveryDashboard() throws Exception {
        unifiedOnly();
        long expected = legacyLong("SELECT count(*) FROM dashboard WHERE NOT is_folder AND org_id = 1");

        HttpResponse<InputStream> watch = stream(gateway.uri("/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards"
                + "?watch=true&resourceVersion=0&timeoutSeconds=120"));

        long added = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(watch.body(), StandardCharsets.UTF_8))) {
            String line;
            while (added < expected && (line = lines.readLine()) != null) {
                assertThat(line).startsWith("{\"type\":\"ADDED\"");
                added++;
            }
        }
        assertThat(added).isEqualTo(expected);
    }

    @Test
    void aThousandReadsInModeFourAnswerAsTheLegacySide() throws Exception {
        unifiedOnly();
        List<String> uids = new ArrayList<>();
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT uid FROM " + simSchema + ".dashboard WHERE NOT is_folder "
                     + "AND org_id = 1 ORDER BY random() LIMIT 1000");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                uids.add(rs.getString(1));
            }
        }
        Random random = new Random(1);
        int compared = 0;
        for (String uid : uids) {
            HttpResponse<String> translated = get(gateway.uri("/api/dashboards/uid/" + uid), CALLER);
            assertThat(translated.statusCode()).as(uid).isEqualTo(200);
            if (random.nextInt(20) == 0) {
                assertSame(uid, get(URI.create(sim.baseUrl() + "/api/dashboards/uid/" + uid), CALLER).body(), translated.body());
                compared++;
            }
        }
        assertThat(uids).hasSize(1000);
        assertThat(compared).isPositive();
    }

    @Test
    void inModeZeroListsPageAcrossNamespacesFromTheLegacyTables() throws Exception {
        admin("PUT", "/admin/resources/" + DASHBOARDS + "/mode", "{\"mode\":0,\"force\":true,\"reason\":\"legacy first\"}");
        Set<String> seen = new HashSet<>();
        String token = "";
        for (int page = 0; page < 3; page++) {
            HttpResponse<String> answer = get(gateway.uri("/apis/dashboard.grafana.app/v1beta1/dashboards?limit=500"
                    + (token.isEmpty() ? "" : "&continue=" + token)), CALLER);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            JsonNode list = JSON.readTree(answer.body());
            assertThat(list.path("items")).hasSize(500);
            list.path("items").forEach(item -> assertThat(seen.add(item.path("metadata").path("namespace").asText() + "/"
                    + item.path("metadata").path("name").asText())).isTrue());
            token = list.path("metadata").path("continue").asText();
            assertThat(token).isNotEmpty();
        }
    }

    @Test
    void inModeOneSearchesAreComparedWithUnifiedStorageAndMatch() throws Exception {
        admin("PUT", "/admin/resources/" + FOLDERS + "/mode", "{\"mode\":0,\"force\":true,\"reason\":\"legacy first\"}");
        admin("PUT", "/admin/resources/" + DASHBOARDS + "/mode", "{\"mode\":1,\"force\":true,\"reason\":\"shadow\"}");
        List<String> shapes = List.of("?query=cpu", "?limit=1000&page=3", "?sort=alpha-desc&limit=200");
        for (String shape : shapes) {
            assertThat(get(gateway.uri("/api/search" + shape), CALLER).statusCode()).isEqualTo(200);
        }

        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (comparisons().size() < shapes.size() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(comparisons()).hasSize(shapes.size()).allSatisfy(outcome -> assertThat(outcome).startsWith("match"));
    }
    /** Two answers byte for byte, a failure showing where they part rather than both whole. */
    private static void assertSame(String what, String expected, String actual) {
        int at = 0;
        while (at < Math.min(expected.length(), actual.length()) && expected.charAt(at) == actual.charAt(at)) {
            at++;
        }
        int from = Math.max(0, at - 60);
        assertThat(actual.equals(expected)).as("%s differs at %d: legacy ...%s... gateway ...%s...", what, at,
                expected.substring(from, Math.min(expected.length(), at + 60)),
                actual.substring(from, Math.min(actual.length(), at + 60))).isTrue();
    }

    /** Dashboards and folders served from unified storage only (forced: the gates are not what this test is about). */
    private static void unifiedOnly() throws Exception {
        for (String resource : List.of(FOLDERS, DASHBOARDS)) {
            admin("PUT", "/admin/resources/" + resource + "/mode", "{\"mode\":4,\"force\":true,\"reason\":\"scale test\"}");
        }
    }

    private static void copy(String resource) throws Exception {
        JsonNode job = JSON.readTree(admin("POST", "/admin/jobs", "{\"kind\":\"copy\",\"resource\":\"" + resource + "\"}"));
        String id = job.path("id").asText();
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode status = JSON.readTree(admin("GET", "/admin/jobs/" + id, null));
            String state = status.path("state").asText();
            if (!state.equals("running") && !state.equals("paused")) {
                assertThat(state).as(status.toString()).isEqualTo("succeeded");
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the copy of " + resource + " did not finish");
    }

    /** The outcome (and detail) of every comparison of a search recorded so far. */
    private static List<String> comparisons() throws SQLException {
        List<String> outcomes = new ArrayList<>();
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT outcome || ' ' || coalesce(detail, '') || ' ' || left(paths::text, 400) FROM " + gateway.schema()
                     + ".shadow_comparison WHERE route = 'search'");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                outcomes.add(rs.getString(1));
            }
        }
        return outcomes;
    }

    private static String admin(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.adminUri(path)).header("Authorization", GATEWAY_ADMIN)
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isBetween(200, 299);
        return response.body();
    }

    private static HttpResponse<String> get(URI uri, String authorization) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", authorization).timeout(Duration.ofSeconds(60))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> send(String method, URI uri, String authorization, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", authorization).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60)).method(method, HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<InputStream> stream(URI uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", CALLER).build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    /** The number of elements of the top-level {@code items} array, read as a stream (never held whole). */
    private static long countItems(InputStream body) throws IOException {
        long items = 0;
        try (JsonParser parser = new JsonFactory().createParser(body)) {
            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("items") && value == JsonToken.START_ARRAY) {
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        parser.skipChildren();
                        items++;
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        return items;
    }

    private static long legacyLong(String sql) throws SQLException {
        return Long.parseLong(legacyText(sql));
    }

    private static String legacyText(String sql) throws SQLException {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getString(1);
        }
    }
}
