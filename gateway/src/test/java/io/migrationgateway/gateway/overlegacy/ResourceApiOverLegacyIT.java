package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * In mode 0 (and 1–2) the Resource API of a resource is served from the legacy deployment through
 * its translator, with the caller's own credentials, so new clients work before any copy; watches see the gateway's
 * own writes at once and writes made directly on the legacy deployment within the poll delay. Real HTTP over
 * loopback against the seeded legacy simulator, legacy database polled in PostgreSQL.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ResourceApiOverLegacyIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_overlegacytest0123456789abcd_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String VIEWER = Http.basic("viewer", "viewer");
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";
    private static final String EVERY_ORGS_DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/dashboards";
    private static final String FOLDERS = "/apis/folder.grafana.app/v1beta1/namespaces/default/folders";
    private static final String PLAYLISTS = "/apis/playlist.grafana.app/v0alpha1/namespaces/default/playlists";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SimulatedDeployment deployment;
    private static LegacySim sim;
    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();
    private final HttpClient client = HttpClient.newHttpClient(); // for watch streams, read line by line

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of("legacy.database-url", "SIM",
                "legacy.watch-poll-interval", "200ms"));
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

    @AfterEach
    void backToModeZero() throws Exception {
        flip(0);
    }

    @Test
    void modeZeroReadsTheLegacyDashboardsThroughTheTranslatorBeforeAnyCopy() throws Exception {
        JsonNode hits = direct("GET", "/api/search?type=dash-db&limit=5000", ADMIN, null).json();
        String uid = hits.get(0).path("uid").asText();
        JsonNode legacy = direct("GET", "/api/dashboards/uid/" + uid, ADMIN, null).json();

        Answer one = send("GET", DASHBOARDS + "/" + uid, ADMIN, null);
        assertThat(one.status()).as(one.text()).isEqualTo(200);
        assertThat(one.json().path("spec").path("title").asText()).isEqualTo(legacy.path("dashboard").path("title").asText());
        assertThat(one.json().path("metadata").path("resourceVersion").asText())
                .isEqualTo(legacy.path("dashboard").path("version").asText());

        Answer list = send("GET", DASHBOARDS, ADMIN, null);
        assertThat(list.status()).as(list.text()).isEqualTo(200);
        assertThat(list.json().path("items").size()).isEqualTo(hits.size());
        assertThat(list.json().path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(rowsInUnifiedStorage()).as("nothing was copied").isZero();

        Answer chunk = send("GET", DASHBOARDS + "?limit=2", ADMIN, null);
        assertThat(chunk.json().path("items").size()).isEqualTo(2);
        String next = chunk.json().path("metadata").path("continue").asText();
        assertThat(next).isNotEmpty();
        Answer second = send("GET", DASHBOARDS + "?limit=2&continue=" + next, ADMIN, null);
        assertThat(second.json().path("items").get(0).path("metadata").path("name").asText())
                .isNotIn(names(chunk.json()));
    }

    @Test
    void writesThroughTheApisLandInTheLegacyTablesWithTheLegacyVersionChecks() throws Exception {
        Answer created = send("POST", DASHBOARDS, ADMIN, dashboard("over-legacy", "Made over legacy", null));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(direct("GET", "/api/dashboards/uid/over-legacy", ADMIN, null).json().path("dashboard").path("title").asText())
                .isEqualTo("Made over legacy");
        String version = created.json().path("metadata").path("resourceVersion").asText();

        Answer stale = send("PUT", DASHBOARDS + "/over-legacy", ADMIN, dashboard("over-legacy", "Stale", "999"));
        assertThat(stale.status()).as(stale.text()).isEqualTo(409);
        assertThat(stale.json().path("reason").asText()).isEqualTo("Conflict");

        Answer updated = send("PUT", DASHBOARDS + "/over-legacy", ADMIN, dashboard("over-legacy", "Updated over legacy", version));
        assertThat(updated.status()).as(updated.text()).isEqualTo(200);
        Answer patched = send("PATCH", DASHBOARDS + "/over-legacy", ADMIN, "{\"spec\":{\"title\":\"Patched over legacy\"}}",
                "Content-Type", "application/merge-patch+json");
        assertThat(patched.status()).as(patched.text()).isEqualTo(200);
        JsonNode legacy = direct("GET", "/api/dashboards/uid/over-legacy", ADMIN, null).json();
        assertThat(legacy.path("dashboard").path("title").asText()).isEqualTo("Patched over legacy");
        assertThat(legacy.path("dashboard").path("version").asInt()).isEqualTo(3);

        assertThat(send("DELETE", DASHBOARDS + "/over-legacy", ADMIN, null).status()).isEqualTo(200);
        assertThat(direct("GET", "/api/dashboards/uid/over-legacy", ADMIN, null).status()).isEqualTo(404);
        Answer gone = send("GET", DASHBOARDS + "/over-legacy", ADMIN, null);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json().path("kind").asText()).isEqualTo("Status");
        assertThat(rowsInUnifiedStorage()).isZero();
    }

    @Test
    void theLegacySideDecidesWhatACallerMayDo() throws Exception {
        Answer refused = send("POST", DASHBOARDS, VIEWER, dashboard("viewer-made", "Not allowed", null));
        assertThat(refused.status()).as(refused.text()).isEqualTo(403);
        assertThat(refused.json().path("kind").asText()).isEqualTo("Status");
        assertThat(direct("GET", "/api/dashboards/uid/viewer-made", ADMIN, null).status()).isEqualTo(404);
    }

    @Test
    void aWatchSeesGatewayWritesAtOnceAndLegacyWritesWithinThePollDelay() throws Exception {
        String listVersion = send("GET", PLAYLISTS, ADMIN, null).json().path("metadata").path("resourceVersion").asText();
        try (WatchStream watch = watch(PLAYLISTS + "?watch=true&resourceVersion=" + listVersion)) {
            Answer created = send("POST", PLAYLISTS, ADMIN, "{\"apiVersion\":\"playlist.grafana.app/v0alpha1\",\"kind\":\"Playlist\","
                    + "\"metadata\":{\"generateName\":\"watched-\"},\"spec\":{\"title\":\"Watched\",\"interval\":\"5m\",\"items\":"
                    + "[{\"type\":\"dashboard_by_tag\",\"value\":\"a\"}]}}");
            assertThat(created.status()).as(created.text()).isEqualTo(201);
            String name = created.json().path("metadata").path("name").asText(); // the legacy API names playlists
            JsonNode added = watch.next(Duration.ofSeconds(5));
            assertThat(added.path("type").asText()).isEqualTo("ADDED");
            assertThat(added.path("object").path("metadata").path("name").asText()).isEqualTo(name);

            // around the gateway: straight to the legacy simulator
            Answer renamed = direct("PUT", "/api/playlists/" + name, ADMIN,
                    "{\"name\":\"Renamed on legacy\",\"interval\":\"5m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"a\"}]}");
            assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
            JsonNode modified = watch.next(Duration.ofSeconds(5));
            assertThat(modified.path("type").asText()).isEqualTo("MODIFIED");
            assertThat(modified.path("object").path("spec").path("title").asText()).isEqualTo("Renamed on legacy");

            assertThat(direct("DELETE", "/api/playlists/" + name, ADMIN, null).status()).isEqualTo(200);
            JsonNode deleted = watch.next(Duration.ofSeconds(5));
            assertThat(deleted.path("type").asText()).isEqualTo("DELETED");
            assertThat(deleted.path("object").path("metadata").path("name").asText()).isEqualTo(name);
        }
    }

    @Test
    void aWatchResumedFromAListSeesChangesMadeInTheLegacyDatabaseOfEveryOrg() throws Exception {
        List<String> orgOne = deployment.legacyUids("dashboard", "org_id = 1 AND NOT is_folder AND deleted IS NULL");
        List<String> orgTwo = deployment.legacyUids("dashboard", "org_id = 2 AND NOT is_folder AND deleted IS NULL");
        String listVersion = send("GET", EVERY_ORGS_DASHBOARDS, ADMIN, null).json().path("metadata").path("resourceVersion").asText();
        try (WatchStream watch = watch(EVERY_ORGS_DASHBOARDS + "?watch=true&resourceVersion=" + listVersion)) {
            legacyUpdate("UPDATE dashboard SET version = version + 1 WHERE org_id = 2 AND uid = ?", orgTwo.get(0));
            JsonNode modified = watch.next(Duration.ofSeconds(5));
            assertThat(modified.path("type").asText()).isEqualTo("MODIFIED");
            assertThat(identity(modified)).isEqualTo("org-2/" + orgTwo.get(0));

            // objects the watcher knows from its list, not from this watch: their deletions must reach it all the same
            legacyUpdate("DELETE FROM dashboard WHERE org_id = 2 AND uid = ?", orgTwo.get(1));
            JsonNode deleted = watch.next(Duration.ofSeconds(5));
            assertThat(deleted.path("type").asText()).isEqualTo("DELETED");
            assertThat(identity(deleted)).isEqualTo("org-2/" + orgTwo.get(1));

            legacyUpdate("UPDATE dashboard SET deleted = now() WHERE org_id = 1 AND uid = ?", orgOne.get(0)); // Grafana's soft delete
            JsonNode softDeleted = watch.next(Duration.ofSeconds(5));
            assertThat(softDeleted.path("type").asText()).isEqualTo("DELETED");
            assertThat(identity(softDeleted)).isEqualTo("default/" + orgOne.get(0));
        }
    }

    @Test
    void aFolderChangedInTheLegacyDatabaseReachesAWatch() throws Exception {
        String uid = deployment.legacyUids("folder", "org_id = 1").get(0);
        String listVersion = send("GET", FOLDERS, ADMIN, null).json().path("metadata").path("resourceVersion").asText();
        try (WatchStream watch = watch(FOLDERS + "?watch=true&resourceVersion=" + listVersion)) {
            // as Grafana saves a folder: a new version of its dashboard row, within the same second
            legacyUpdate("UPDATE dashboard SET version = version + 1 WHERE org_id = 1 AND is_folder AND uid = ?", uid);
            JsonNode modified = watch.next(Duration.ofSeconds(5));

            assertThat(modified.path("type").asText()).isEqualTo("MODIFIED");
            assertThat(identity(modified)).isEqualTo("default/" + uid);
        }
    }

    @Test
    void aWatchWithoutVersionStartsWithEveryObjectAndAnAncientVersionIsExpired() throws Exception {
        int playlists = direct("GET", "/api/playlists", ADMIN, null).json().size();
        try (WatchStream watch = watch(PLAYLISTS + "?watch=true")) {
            for (int i = 0; i < playlists; i++) {
                assertThat(watch.next(Duration.ofSeconds(5)).path("type").asText()).isEqualTo("ADDED");
            }
        }
        Answer expired = send("GET", PLAYLISTS + "?watch=true&resourceVersion=1", ADMIN, null);
        assertThat(expired.status()).as(expired.text()).isEqualTo(410);
        assertThat(expired.json().path("reason").asText()).isEqualTo("Expired");
    }

    @Test
    void modeFourServesTheApisFromUnifiedStorageInstead() throws Exception {
        String uid = direct("GET", "/api/search?type=dash-db&limit=1", ADMIN, null).json().get(0).path("uid").asText();
        assertThat(send("GET", DASHBOARDS + "/" + uid, ADMIN, null).status()).isEqualTo(200);
        flip(4);
        assertThat(send("GET", DASHBOARDS + "/" + uid, ADMIN, null).status()).as("not copied to unified storage").isEqualTo(404);
        assertThat(send("GET", DASHBOARDS, ADMIN, null).json().path("items").size()).isZero();
    }

    // ---- helpers ----

    private static void flip(int mode) throws Exception {
        admin.forceMode("dashboards.dashboard.grafana.app", null, mode);
    }

    private static String dashboard(String name, String title, String resourceVersion) {
        return "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"" + name + "\""
                + (resourceVersion == null ? "" : ",\"resourceVersion\":\"" + resourceVersion + "\"")
                + "},\"spec\":{\"title\":\"" + title + "\",\"schemaVersion\":41,\"panels\":[]}}";
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.path("items").forEach(item -> names.add(item.path("metadata").path("name").asText()));
        return names;
    }

    private static String identity(JsonNode event) {
        JsonNode metadata = event.path("object").path("metadata");
        return metadata.path("namespace").asText() + "/" + metadata.path("name").asText();
    }

    /** A write made directly in the legacy database, around both the gateway and the legacy API. */
    private static void legacyUpdate(String sql, String uid) throws Exception {
        try (Connection c = sim.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, uid);
            assertThat(ps.executeUpdate()).as(sql).isEqualTo(1);
        }
    }

    /** Objects in the gateway's unified storage, of any kind. */
    private static int rowsInUnifiedStorage() throws Exception {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + gateway.schema() + ".resource");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** A watch stream read line by line on a background thread. */
    private final class WatchStream implements AutoCloseable {
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final CompletableFuture<HttpResponse<Stream<String>>> response;

        WatchStream(String path) {
            HttpRequest request = HttpRequest.newBuilder(gateway.uri(path)).header("Authorization", ADMIN).GET().build();
            response = client.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
            response.thenAccept(answer -> Thread.ofVirtual().start(() -> answer.body().forEach(lines::add)));
        }

        JsonNode next(Duration wait) throws Exception {
            String line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(line).as("a watch event within " + wait).isNotNull();
            return JSON.readTree(line);
        }

        @Override
        public void close() {
            response.cancel(true);
            response.thenAccept(answer -> answer.body().close());
        }
    }

    private WatchStream watch(String path) {
        return new WatchStream(path);
    }

    private Answer send(String method, String pathAndQuery, String authorization, String body, String... headers) throws Exception {
        return http.exchange(gateway.uri(pathAndQuery), method, authorization, body, headers);
    }

    private Answer direct(String method, String pathAndQuery, String authorization, String body) throws Exception {
        return http.exchange(URI.create(sim.baseUrl() + pathAndQuery), method, authorization, body);
    }

}
