package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import io.migrationgateway.testsupport.TestDatabase;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * DESIGN §11 for the Resource API over legacy (modes 0–2), on a gateway with a 128 MB heap in a JVM of its own and
 * 20,000 legacy dashboards: a watch from now (every one sent first, then the changes) still sees a deletion made
 * directly in the legacy database; a label selector on labels the gateway keeps pages through every row and finds
 * exactly the labelled ones; a deletecollection by that selector deletes exactly those. Holding every object sent, the
 * whole first list, or every row's kept metadata would need several times that heap.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class OverLegacyAtScaleIT {
    private static final int GENERATED = 20_000;
    /** Dashboards a label selects, spread over the ids. */
    private static final int LABELLED = 30;
    private static final String ADMIN_PASSWORD = "scale-admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String TOKEN = "glsa_watchatscale0123456789abcdef_5ca1e5ca";
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DashboardGenerator GENERATOR = smallDashboards();

    private static String schema;
    private static LegacySim sim;
    private static GatewayProcess gateway;

    @BeforeAll
    static void start() throws Exception {
        schema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, ADMIN_PASSWORD, TOKEN, true));
        CompletableFuture<BulkLoader.Result> loaded = CompletableFuture.supplyAsync(() -> {
            try {
                return new BulkLoader(sim.dataSource(), Clock.systemUTC(), 2_000).load(1, GENERATED, GENERATOR, (done, total) -> { });
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        String legacyDatabase = TestDatabase.url() + (TestDatabase.url().contains("?") ? "&" : "?") + "currentSchema=" + schema;
        gateway = GatewayProcess.start(sim.baseUrl(), List.of("-Xmx128m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError"),
                Map.of("MGW_LEGACY_DATABASE_URL", legacyDatabase, "MGW_LEGACY_WATCH_POLL_INTERVAL", "200ms"));
        loaded.get();
    }

    /**
     * Generated from one small dashboard, so the run's time goes to the number of objects, which is what a watch must
     * not keep, rather than to their size, which a page bounds.
     */
    private static DashboardGenerator smallDashboards() {
        Map<String, Object> panel = Map.of("id", 1, "type", "timeseries", "title", "Requests per second",
                "gridPos", Map.of("h", 8, "w", 12, "x", 0, "y", 0),
                "targets", List.of(Map.of("refId", "A", "expr", "sum(rate(http_requests_total[5m]))")));
        return DashboardGenerator.of(11, List.of(Map.of("title", "Service overview", "schemaVersion", 41,
                "tags", List.of("service"), "panels", List.of(panel))));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (gateway != null) {
                gateway.close();
            }
        } finally {
            if (sim != null) {
                sim.close();
            }
            TestDatabase.dropSchema(schema);
        }
    }

    @Test
    void aWatchOfTwentyThousandDashboardsFitsA128MegabyteGatewayAndSeesADeletionMadeInTheLegacyDatabase() throws Exception {
        int dashboards = legacyCount();
        HttpRequest request = HttpRequest.newBuilder(gateway.uri(DASHBOARDS + "?watch=true")).header("Authorization", ADMIN).build();
        HttpResponse<InputStream> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        try (BufferedReader events = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            Set<String> added = new HashSet<>();
            for (int i = 0; i < dashboards; i++) {
                JsonNode event = next(events);
                assertThat(event.path("type").asText()).as(event.toString().substring(0, 200)).isEqualTo("ADDED");
                added.add(event.path("object").path("metadata").path("name").asText());
            }
            assertThat(added).as("every dashboard once").hasSize(dashboards);

            String gone = GENERATOR.dashboard(12_345).uid();
            deleteInLegacyDatabase(gone);
            JsonNode deleted = next(events);

            assertThat(deleted.path("type").asText()).isEqualTo("DELETED");
            assertThat(deleted.path("object").path("metadata").path("name").asText()).isEqualTo(gone);
            assertThat(deleted.path("object").path("metadata").path("namespace").asText()).isEqualTo("default");
        }
        assertThat(gateway.output()).doesNotContain("OutOfMemoryError");
    }

    @Test
    void aLabelSelectorPagesThroughTwentyThousandDashboardsToTheLabelledOnesAndDeleteCollectionDeletesOnlyThose() throws Exception {
        Http http = new Http();
        Set<String> labelled = new HashSet<>();
        for (int i = 0; i < LABELLED; i++) {
            String uid = GENERATOR.dashboard(100 + i * 613).uid();
            Http.Answer patched = http.exchange(gateway.uri(DASHBOARDS + "/" + uid), "PATCH", ADMIN,
                    "{\"metadata\":{\"labels\":{\"batch\":\"scale\"}}}", "Content-Type", "application/merge-patch+json");
            assertThat(patched.status()).as(patched.text()).isEqualTo(200);
            labelled.add(uid);
        }
        int before = legacyCount();
        assertThat(keptRows(labelled)).as("the labels are kept beside the legacy rows").isEqualTo(LABELLED);

        Set<String> selected = new HashSet<>();
        int pages = 0;
        String next = "";
        do {
            Http.Answer page = http.exchange(gateway.uri(DASHBOARDS + "?labelSelector=batch%3Dscale&limit=500"
                    + (next.isEmpty() ? "" : "&continue=" + next)), "GET", ADMIN, null);
            assertThat(page.status()).as(page.text()).isEqualTo(200);
            page.json().path("items").forEach(item -> selected.add(item.path("metadata").path("name").asText()));
            next = page.json().path("metadata").path("continue").asText("");
            pages++;
        } while (!next.isEmpty());
        assertThat(selected).isEqualTo(labelled);
        assertThat(pages).as("a page of rows at a time").isGreaterThanOrEqualTo(before / 500);

        Http.Answer deleted = http.exchange(gateway.uri(DASHBOARDS + "?labelSelector=batch%3Dscale"), "DELETE", ADMIN, null);
        assertThat(deleted.status()).as(deleted.text()).isEqualTo(200);
        Set<String> deletedNames = new HashSet<>();
        deleted.json().path("items").forEach(item -> deletedNames.add(item.path("metadata").path("name").asText()));
        assertThat(deletedNames).isEqualTo(labelled);
        assertThat(legacyCount()).isEqualTo(before - LABELLED);
        assertThat(keptRows(labelled)).as("what the gateway kept of the deleted dashboards goes with them").isZero();
        Http.Answer none = http.exchange(gateway.uri(DASHBOARDS + "?labelSelector=batch%3Dscale"), "GET", ADMIN, null);
        assertThat(none.json().path("items")).isEmpty();
        assertThat(gateway.output()).doesNotContain("OutOfMemoryError");
    }

    private static JsonNode next(BufferedReader events) throws Exception {
        String line = events.readLine();
        assertThat(line).as("the watch ended early; the gateway said:%n%s", gateway.output()).isNotNull();
        return JSON.readTree(line);
    }

    private static int legacyCount() throws Exception {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM dashboard WHERE org_id = 1 AND NOT is_folder");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static int keptRows(Set<String> names) throws Exception {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + gateway.schema()
                     + ".kept_metadata WHERE namespace = 'default' AND name = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", names.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static void deleteInLegacyDatabase(String uid) throws Exception {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM dashboard WHERE org_id = 1 AND uid = ?")) {
            ps.setString(1, uid);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }
}
