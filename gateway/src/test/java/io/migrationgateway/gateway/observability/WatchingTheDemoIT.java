package io.migrationgateway.gateway.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.flipkart.zjsonpatch.JsonDiff;
import io.migrationgateway.gateway.demo.Demo;
import io.migrationgateway.gateway.demo.GatewayDashboard;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The alerts and the dashboard against the real demo: after a short run (reads in mode 0 and 1, a write in mode 2, a
 * copy job, reads in mode 4) every metric they read is on the gateway's /metrics; and the gateway's dashboard, which the
 * demo seeds, survives the gateway's translators both ways, saved and read in mode 0 and read again in mode 4.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class WatchingTheDemoIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DASHBOARDS = "dashboards";
    private static final String RESOURCE_PATH = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/" + GatewayDashboard.UID;
    private static final String LEGACY_PATH = "/api/dashboards/uid/" + GatewayDashboard.UID;

    @TempDir
    static Path dataDir;

    private static Demo demo;
    private static AdminClient admin;
    private static String gateway;
    private static String authorization;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void startDemo() {
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, 0, dataDir, Optional.empty(), Optional.empty(), Optional.empty()),
                Map.of());
        admin = AdminClient.of(demo);
        gateway = demo.publicUrl().toString();
        authorization = Http.basic("admin", demo.credentials().legacyAdminPassword());
    }

    @AfterAll
    static void stopDemo() {
        demo.close();
    }

    @Test
    void everyMetricTheAlertsAndTheDashboardReadIsOnMetricsAfterAShortRunOfTheDemo() throws Exception {
        admin.forceMode(DASHBOARDS, null, 0);
        List<String> uids = uids();
        readAll(uids);
        admin.forceMode(DASHBOARDS, null, 1);
        readAll(uids); // a share of these is compared in the background
        admin.forceMode(DASHBOARDS, null, 2);
        assertThat(save("{\"dashboard\":{\"uid\":\"watched-write\",\"title\":\"A write in mode 2\"},\"overwrite\":true}").statusCode())
                .isEqualTo(200);
        admin.runJob("copy", DASHBOARDS);
        admin.forceMode(DASHBOARDS, null, 4);
        readAll(uids.subList(0, 5));

        Set<String> wanted = new TreeSet<>();
        WatchFiles.queries().forEach(query -> wanted.addAll(query.metricNames()));
        assertThat(wanted).hasSizeGreaterThan(15);
        Set<String> missing = new TreeSet<>(wanted);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!missing.isEmpty() && System.nanoTime() < deadline) {
            HttpResponse<String> metrics = admin.get("/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            missing.removeAll(PromQl.scrapedNames(metrics.body())); // comparisons and dual-write records land a moment later
            if (!missing.isEmpty()) {
                Thread.sleep(500);
            }
        }
        assertThat(missing).as("metrics read by alerts or panels but not on /metrics").isEmpty();
    }

    @Test
    void theGatewaysDashboardSavedInModeZeroReadsTheSameThroughBothApisInModeZeroAndModeFour() throws Exception {
        admin.forceMode(DASHBOARDS, null, 0);
        HttpResponse<String> seeded = get(LEGACY_PATH);
        assertThat(seeded.statusCode()).as("seeded by the demo: " + seeded.body()).isEqualTo(200);
        ObjectNode shipped = GatewayDashboard.model();
        ObjectNode save = JSON.createObjectNode();
        save.set("dashboard", shipped.deepCopy());
        save.put("overwrite", true).put("message", "saved through the gateway in mode 0");
        HttpResponse<String> saved = save(JSON.writeValueAsString(save));
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);

        assertSameModel(legacyDashboard(), shipped, "legacy API in mode 0");
        assertSameModel(resourceSpec(), shipped, "/apis in mode 0");

        admin.runJob("copy", DASHBOARDS);
        admin.forceMode(DASHBOARDS, null, 4);
        assertSameModel(legacyDashboard(), shipped, "legacy API in mode 4");
        assertSameModel(resourceSpec(), shipped, "/apis in mode 4");

        // and the translator's own save in mode 4 takes it as it is
        HttpResponse<String> savedInModeFour = save(JSON.writeValueAsString(save));
        assertThat(savedInModeFour.statusCode()).as(savedInModeFour.body()).isEqualTo(200);
        assertSameModel(legacyDashboard(), shipped, "legacy API after a save in mode 4");
    }

    @Test
    void theDemoShowsTheGatewaysDashboardAtItsGrafanaAddressThroughTheGateway() throws Exception {
        HttpResponse<String> page = get("/d/" + GatewayDashboard.UID);

        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("<h1>" + GatewayDashboard.model().path("title").asText() + "</h1>");
        GatewayDashboard.model().path("panels").forEach(panel ->
                assertThat(page.body()).contains(panel.path("title").asText().replace("&", "&amp;")));
        assertThat(get("/d/no-such-dashboard").statusCode()).isEqualTo(404);
    }

    /** Read back as shipped, but for what the server sets on every save; a difference is named by its JSON Patch. */
    private static void assertSameModel(JsonNode read, JsonNode shipped, String where) {
        assertThat(JsonDiff.asJson(model(shipped), model(read))).as(where).isEmpty();
    }

    /** The dashboard model without what the server sets on every save. */
    private static JsonNode model(JsonNode dashboard) {
        ObjectNode copy = dashboard.deepCopy();
        copy.remove(List.of("id", "version"));
        return copy;
    }

    private JsonNode legacyDashboard() throws Exception {
        HttpResponse<String> answer = get(LEGACY_PATH);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).path("dashboard");
    }

    private JsonNode resourceSpec() throws Exception {
        HttpResponse<String> answer = get(RESOURCE_PATH);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode object = JSON.readTree(answer.body());
        assertThat(object.path("metadata").path("name").asText()).isEqualTo(GatewayDashboard.UID);
        // the uid is the object's name there, not part of its spec
        return ((ObjectNode) object.path("spec").deepCopy()).put("uid", object.path("metadata").path("name").asText());
    }

    private List<String> uids() throws Exception {
        HttpResponse<String> search = get("/api/search?type=dash-db&limit=5000");
        assertThat(search.statusCode()).isEqualTo(200);
        List<String> uids = new ArrayList<>();
        JSON.readTree(search.body()).forEach(hit -> uids.add(hit.path("uid").asText()));
        assertThat(uids).contains(GatewayDashboard.UID);
        return uids;
    }

    private void readAll(List<String> uids) throws Exception {
        for (String uid : uids) {
            assertThat(get("/api/dashboards/uid/" + uid).statusCode()).as(uid).isEqualTo(200);
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(gateway + path)).header("Authorization", authorization).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> save(String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(gateway + "/api/dashboards/db")).header("Authorization", authorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
