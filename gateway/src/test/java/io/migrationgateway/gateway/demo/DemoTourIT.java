package io.migrationgateway.gateway.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo --tour} on a fresh demo: playlists climb from mode 0 to mode 4 through the gate without force, a
 * {@code migrate compare} earning the shadow check, each step narrated; a tour whose step the gate refuses stops with
 * the gate's message and leaves the demo serving; and the welcome text names the console, the overview and the same
 * steps for a user to paste.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DemoTourIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dataDir;

    private static Demo demo;

    @BeforeAll
    static void startDemo() {
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, 0, dataDir, Optional.empty(), Optional.empty(), Optional.empty()),
                Map.of());
    }

    @AfterAll
    static void stopDemo() {
        demo.close();
    }

    @Test
    @Order(1)
    void theTourTakesPlaylistsToModeFourThroughTheGateUnforcedNarratingEachStep() throws Exception {
        long playlists = legacyPlaylists();
        StringWriter narration = new StringWriter();

        boolean done = new Tour(demo, new PrintWriter(narration, true)).run();

        String text = narration.toString();
        assertThat(done).as(text).isTrue();
        assertThat(text).contains("[1/6] mgw mode set playlists 2", "[2/6] mgw migrate copy playlists",
                "[3/6] mgw migrate verify playlists", "[4/6] mgw migrate compare playlists", "[5/6] mgw mode set playlists 3",
                "[6/6] mgw mode set playlists 4", "succeeded: compared " + playlists + " objects: " + playlists + " match, 0 differ",
                "shadow check pass: every object compared: all " + playlists + " objects",
                "the gate's checks passed: verification, shadow-comparison, outbox",
                "overview: mode 4 unified-only", "Tour done");
        List<JsonNode> flips = new ArrayList<>();
        for (JsonNode entry : admin("/admin/audit?limit=50")) {
            if (entry.path("resource").asText().startsWith("playlists")) {
                flips.add(entry);
            }
        }
        assertThat(flips).extracting(entry -> entry.path("to").asInt()).containsExactlyInAnyOrder(2, 3, 4);
        assertThat(flips).allSatisfy(entry -> {
            assertThat(entry.path("applied").asBoolean()).isTrue();
            assertThat(entry.path("forced").asBoolean()).isFalse();
        });
        assertThat(admin("/admin/resources?resource=playlists").path("resources").path(0).path("mode").asInt()).isEqualTo(4);
    }

    @Test
    @Order(2)
    void aSecondTourStopsAtTheGatesRefusalOfItsFirstStepAndLeavesTheDemoServing() throws Exception {
        StringWriter narration = new StringWriter();

        boolean done = new Tour(demo, new PrintWriter(narration, true)).run();

        String text = narration.toString();
        assertThat(done).as(text).isFalse();
        assertThat(text).contains("[1/6] mgw mode set playlists 2", "refused by the gate: reverse-copy inconclusive: no reverse copy",
                "Tour stopped at step 1").doesNotContain("[2/6]", "Exception");
        HttpResponse<Void> read = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(demo.publicUrl() + "/api/playlists"))
                .header("Authorization", Http.basic("admin", demo.credentials().legacyAdminPassword())).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(read.statusCode()).isEqualTo(200);
    }

    @Test
    void theWelcomeNamesTheConsoleTheOverviewAndTheLadderToPaste() {
        String welcome = Welcome.text(demo, "127.0.0.1", dataDir);

        String admin = demo.adminUrl().toString();
        assertThat(welcome).contains(admin + "/togglz/index", admin + "/admin/overview", demo.publicUrl() + "/d/migration-gateway",
                "mgw mode set playlists 2 --reason \"dual-write\" --admin-url " + admin,
                "mgw migrate copy playlists --admin-url " + admin,
                "mgw migrate verify playlists --admin-url " + admin,
                "mgw migrate compare playlists --admin-url " + admin,
                "mgw mode set playlists 3 --reason \"unified reads\" --admin-url " + admin,
                "mgw mode set playlists 4 --reason \"cut-over\" --admin-url " + admin,
                "export MGW_ADMIN_PASSWORD='" + demo.credentials().gatewayAdminPassword() + "'",
                "as the simulator's admin (jobs.compare-authorization)", "demo --tour");
        assertThat(welcome).doesNotContain("--force", "curl -s -o /dev/null");
    }

    private static JsonNode admin(String path) throws Exception {
        return AdminClient.of(demo).getJson(path);
    }

    /** The playlists of every org in the simulator's tables: what a compare of all namespaces reads. */
    private static long legacyPlaylists() throws SQLException {
        try (Connection c = demo.legacy().dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM playlist")) {
            rs.next();
            return rs.getLong(1);
        }
    }

}
