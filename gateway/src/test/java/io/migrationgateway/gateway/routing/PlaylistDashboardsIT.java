package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A playlist's dashboards in mode 4, resolved by searches of unified storage's index, against the legacy side's
 * answer for the same playlist; and with the dashboards still on the legacy side, resolved there.
 */
class PlaylistDashboardsIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String VIEWER = Http.basic("viewer", "viewer");
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;
    private static final Http HTTP = new Http();
    private static String resolved;
    private static String byUid;

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, "glsa_playlisttest0123456789abcdef_5eed5eed",
                Map.of("legacy.database-url", "SIM"));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
        for (String title : new String[] {"Rotation b", "Rotation a", "Rotation c"}) {
            send("POST", "/api/dashboards/db", ADMIN, "{\"dashboard\":{\"title\":\"" + title + "\",\"tags\":[\"rotation\"]}}");
        }
        long id = send("POST", "/api/dashboards/db", ADMIN, "{\"dashboard\":{\"title\":\"By id\"}}").json().path("id").asLong();
        resolved = send("POST", "/api/playlists", ADMIN, "{\"name\":\"Resolved\",\"interval\":\"1m\",\"items\":["
                + "{\"type\":\"dashboard_by_id\",\"value\":\"" + id + "\"},{\"type\":\"dashboard_by_tag\",\"value\":\"rotation\"},"
                + "{\"type\":\"dashboard_by_tag\",\"value\":\"no-such-tag\"},{\"type\":\"dashboard_by_id\",\"value\":\"999999\"}]}")
                .json().path("uid").asText();
        byUid = send("POST", "/api/playlists", ADMIN, "{\"name\":\"By uid\",\"interval\":\"1m\",\"items\":["
                + "{\"type\":\"dashboard_by_uid\",\"value\":\"n1jR8vnnz\"}]}").json().path("uid").asText();
        copy(DASHBOARDS);
        copy(PLAYLISTS);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void aPlaylistsDashboardsInModeFourAreTheLegacySidesAnswer() throws Exception {
        Answer legacy = direct("/api/playlists/" + resolved + "/dashboards");
        assertThat(legacy.status()).isEqualTo(200);
        assertThat(legacy.json().size()).as(legacy.text()).isEqualTo(4);
        try {
            admin.forceMode(PLAYLISTS, null, 4);
            admin.forceMode(DASHBOARDS, null, 0);
            assertThat(send("GET", "/api/playlists/" + resolved + "/dashboards", VIEWER, null).text())
                    .as("dashboards still on the legacy side").isEqualTo(legacy.text());

            admin.forceMode(DASHBOARDS, null, 4);
            Answer unified = send("GET", "/api/playlists/" + resolved + "/dashboards/", VIEWER, null);
            assertThat(unified.status()).isEqualTo(200);
            assertThat(unified.text()).isEqualTo(legacy.text());

            for (String uid : new String[] {byUid, "no-such-playlist"}) {
                Answer refused = send("GET", "/api/playlists/" + uid + "/dashboards", VIEWER, null);
                assertThat(refused.status()).as(uid).isEqualTo(direct("/api/playlists/" + uid + "/dashboards").status()).isEqualTo(500);
                assertThat(refused.text()).as(uid).isEqualTo(direct("/api/playlists/" + uid + "/dashboards").text());
            }
        } finally {
            admin.forceMode(PLAYLISTS, null, 0);
            admin.forceMode(DASHBOARDS, null, 0);
        }
    }

    private static void copy(String resource) throws Exception {
        JsonNode job = JSON.readTree(admin.post("/admin/jobs", "{\"kind\":\"copy\",\"resource\":\"" + resource + "\"}").body());
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode status = admin.getJson("/admin/jobs/" + job.path("id").asText());
            String state = status.path("state").asText();
            if (!state.equals("running") && !state.equals("paused")) {
                assertThat(state).as(status.toString()).isEqualTo("succeeded");
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the copy of " + resource + " did not finish");
    }

    private static Answer send(String method, String path, String authorization, String body) throws Exception {
        return HTTP.exchange(gateway.uri(path), method, authorization, body);
    }

    private static Answer direct(String path) throws Exception {
        return HTTP.exchange(URI.create(deployment.sim().baseUrl() + path), "GET", ADMIN, null);
    }
}
