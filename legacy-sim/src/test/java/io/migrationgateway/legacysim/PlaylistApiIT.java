package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Playlists as Grafana 9.3 serves them (reference §1.8), on the seeded simulator. Each org is seeded with "Ops
 * rotation" (the first five dashboards, by uid) and "Data sources by tag"; tests delete the playlists they create.
 */
class PlaylistApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode NOT_FOUND = node("{\"message\":\"Playlist not found\"}");
    private static final JsonNode BAD_REQUEST = node("{\"message\":\"bad request data\"}");
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
    void listsTheSeededPlaylistsOldestFirst() throws Exception {
        HttpResponse<String> response = sim.get("/api/playlists", SimulatorFixture.admin());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode playlists = json(response);
        assertThat(names(playlists)).containsExactly("Ops rotation", "Data sources by tag");
        assertThat(fieldNames(playlists.get(0))).containsExactly("id", "uid", "name", "interval");
        assertThat(playlists.get(0).get("interval").asText()).isEqualTo("5m");
        assertThat(playlists.get(1).get("interval").asText()).isEqualTo("1m");
        assertThat(playlists.get(0).get("id").asLong()).isPositive();
    }

    @Test
    void searchesByNameSubstringAndLimits() throws Exception {
        assertThat(names(json(sim.get("/api/playlists?query=rotation", SimulatorFixture.admin())))).containsExactly("Ops rotation");
        assertThat(names(json(sim.get("/api/playlists?query=by%20tag", SimulatorFixture.admin())))).containsExactly("Data sources by tag");
        assertThat(json(sim.get("/api/playlists?query=Rotation", SimulatorFixture.admin())))
                .as("LIKE on PostgreSQL is case-sensitive").isEmpty();
        assertThat(names(json(sim.get("/api/playlists?limit=1", SimulatorFixture.admin())))).containsExactly("Ops rotation");
    }

    @Test
    void playlistWithItemsIsGrafanas93Dto() throws Exception {
        String uid = uidOf("Ops rotation");

        HttpResponse<String> response = sim.get("/api/playlists/" + uid, SimulatorFixture.basic("viewer", "viewer"));

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode dto = json(response);
        assertThat(fieldNames(dto)).containsExactly("interval", "items", "name", "uid");
        StringBuilder items = new StringBuilder();
        for (String dashboard : List.of("MP7gaHbZz", "iUna6IxZz", "5lKoAHxZz", "HdeaRHxWz", "tmsOtSxZk")) {
            items.append(items.isEmpty() ? "" : ",").append("{\"type\":\"dashboard_by_uid\",\"value\":\"").append(dashboard).append("\"}");
        }
        assertThat(dto).isEqualTo(node("{\"interval\":\"5m\",\"items\":[" + items + "],\"name\":\"Ops rotation\",\"uid\":\"" + uid + "\"}"));
    }

    @Test
    void itemsEndpointAnswersTheItemsAlone() throws Exception {
        JsonNode items = json(sim.get("/api/playlists/" + uidOf("Data sources by tag") + "/items", SimulatorFixture.admin()));

        assertThat(items).isEqualTo(node("[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"},"
                + "{\"type\":\"dashboard_by_tag\",\"value\":\"datasource-test\"}]"));
    }

    @Test
    void createUpdateAndDelete() throws Exception {
        HttpResponse<String> created = sim.post("/api/playlists", SimulatorFixture.basic("editor", "editor"),
                "{\"name\":\"IT playlist\",\"interval\":\"10m\",\"items\":["
                        + "{\"type\":\"dashboard_by_uid\",\"value\":\"n1jR8vnnz\",\"order\":7},"
                        + "{\"type\":\"dashboard_by_tag\",\"value\":\"demo\",\"title\":\"Demo dashboards\"},"
                        + "{\"type\":\"dashboard_by_id\",\"value\":\"42\"}]}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        JsonNode playlist = json(created);
        assertThat(fieldNames(playlist)).containsExactly("id", "uid", "name", "interval");
        String uid = playlist.get("uid").asText();
        assertThat(uid).matches("[a-z][a-z0-9]{13}");
        long id = playlist.get("id").asLong();
        assertThat(playlist).isEqualTo(node("{\"id\":" + id + ",\"uid\":\"" + uid + "\",\"name\":\"IT playlist\",\"interval\":\"10m\"}"));
        assertThat(json(sim.get("/api/playlists/" + uid, SimulatorFixture.admin()))).isEqualTo(node(
                "{\"interval\":\"10m\",\"items\":[{\"type\":\"dashboard_by_uid\",\"value\":\"n1jR8vnnz\"},"
                        + "{\"title\":\"Demo dashboards\",\"type\":\"dashboard_by_tag\",\"value\":\"demo\"},"
                        + "{\"type\":\"dashboard_by_id\",\"value\":\"42\"}],\"name\":\"IT playlist\",\"uid\":\"" + uid + "\"}"));
        assertThat(sim.column("SELECT string_agg(\"order\"::text, ',' ORDER BY id) FROM playlist_item WHERE playlist_id = " + id))
                .as("order is the position, whatever the request said").isEqualTo("1,2,3");
        assertThat(Long.parseLong(sim.column("SELECT created_at FROM playlist WHERE id = " + id)))
                .isCloseTo(System.currentTimeMillis(), offset(60_000L));

        HttpResponse<String> updated = sim.send("PUT", "/api/playlists/" + uid, SimulatorFixture.admin(),
                "{\"name\":\"IT playlist v2\",\"interval\":\"1h\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"}]}");
        assertThat(updated.statusCode()).as(updated.body()).isEqualTo(200);
        assertThat(json(updated)).isEqualTo(node("{\"interval\":\"1h\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"}],"
                + "\"name\":\"IT playlist v2\",\"uid\":\"" + uid + "\"}"));
        assertThat(sim.column("SELECT count(*) FROM playlist_item WHERE playlist_id = " + id)).isEqualTo("1");

        HttpResponse<String> deleted = sim.send("DELETE", "/api/playlists/" + uid, SimulatorFixture.admin(), null);
        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(deleted.body()).isEmpty();
        HttpResponse<String> gone = sim.get("/api/playlists/" + uid, SimulatorFixture.admin());
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(json(gone)).isEqualTo(NOT_FOUND);
        assertThat(sim.column("SELECT count(*) FROM playlist_item WHERE playlist_id = " + id)).isEqualTo("0");
        assertThat(names(json(sim.get("/api/playlists", SimulatorFixture.admin())))).containsExactly("Ops rotation", "Data sources by tag");
    }

    @Test
    void emptyPlaylistHasAnEmptyItemList() throws Exception {
        String uid = json(sim.post("/api/playlists", SimulatorFixture.admin(), "{\"name\":\"IT empty\"}")).get("uid").asText();

        assertThat(json(sim.get("/api/playlists/" + uid, SimulatorFixture.admin())))
                .isEqualTo(node("{\"interval\":\"\",\"items\":[],\"name\":\"IT empty\",\"uid\":\"" + uid + "\"}"));
        assertThat(sim.send("DELETE", "/api/playlists/" + uid, SimulatorFixture.admin(), null).statusCode()).isEqualTo(200);
    }

    @Test
    void missingPlaylistIsNotFoundOnEveryUidRoute() throws Exception {
        for (HttpResponse<String> response : List.of(
                sim.get("/api/playlists/nope", SimulatorFixture.admin()),
                sim.get("/api/playlists/nope/items", SimulatorFixture.admin()),
                sim.send("PUT", "/api/playlists/nope", SimulatorFixture.admin(), "{\"name\":\"x\"}"),
                sim.send("DELETE", "/api/playlists/nope", SimulatorFixture.admin(), null))) {
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(json(response)).isEqualTo(NOT_FOUND);
        }
    }

    @Test
    void commandsGrafanaCannotBindAreBadRequestData() throws Exception {
        for (String body : List.of("{}", "{\"name\":\"\"}", "{\"name\":5}", "{\"name\":\"x\",\"items\":{}}",
                "{\"name\":\"x\",\"items\":[{\"type\":1}]}", "not json")) {
            HttpResponse<String> response = sim.post("/api/playlists", SimulatorFixture.admin(), body);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat(json(response)).isEqualTo(BAD_REQUEST);
        }
        HttpResponse<String> nameless = sim.send("PUT", "/api/playlists/" + uidOf("Ops rotation"), SimulatorFixture.admin(), "{\"interval\":\"1m\"}");
        assertThat(nameless.statusCode()).isEqualTo(400);
        assertThat(names(json(sim.get("/api/playlists", SimulatorFixture.admin())))).containsExactly("Ops rotation", "Data sources by tag");
    }

    @Test
    void viewersCannotWrite() throws Exception {
        String viewer = SimulatorFixture.basic("viewer", "viewer");
        String uid = uidOf("Ops rotation");
        for (HttpResponse<String> response : List.of(
                sim.post("/api/playlists", viewer, "{\"name\":\"Viewer's\"}"),
                sim.send("PUT", "/api/playlists/" + uid, viewer, "{\"name\":\"Viewer's\"}"),
                sim.send("DELETE", "/api/playlists/" + uid, viewer, null))) {
            assertThat(response.statusCode()).isEqualTo(403);
            assertThat(json(response)).isEqualTo(node("{\"message\":\"Permission denied\"}"));
        }
        assertThat(json(sim.get("/api/playlists/" + uid, SimulatorFixture.admin())).get("name").asText()).isEqualTo("Ops rotation");
    }

    @Test
    void eachOrgHasItsOwnPlaylists() throws Exception {
        JsonNode org2 = json(sim.getInOrg2("/api/playlists"));
        assertThat(names(org2)).containsExactly("Ops rotation", "Data sources by tag");
        String org1Uid = uidOf("Ops rotation");
        String org2Uid = org2.get(0).get("uid").asText();
        assertThat(org2Uid).isNotEqualTo(org1Uid);

        assertThat(sim.getInOrg2("/api/playlists/" + org1Uid).statusCode()).isEqualTo(404);
        assertThat(sim.get("/api/playlists/" + org2Uid, SimulatorFixture.admin()).statusCode()).isEqualTo(404);
        assertThat(json(sim.getInOrg2("/api/playlists/" + org2Uid)).get("items")).hasSize(5);
    }

    private static String uidOf(String name) throws Exception {
        for (JsonNode playlist : json(sim.get("/api/playlists", SimulatorFixture.admin()))) {
            if (playlist.get("name").asText().equals(name)) {
                return playlist.get("uid").asText();
            }
        }
        throw new AssertionError("no playlist named " + name);
    }

    private static JsonNode node(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static List<String> names(JsonNode playlists) {
        List<String> names = new ArrayList<>();
        playlists.forEach(playlist -> names.add(playlist.get("name").asText()));
        return names;
    }

}
