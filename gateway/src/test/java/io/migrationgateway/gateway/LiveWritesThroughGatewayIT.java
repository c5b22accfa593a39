package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A copy under live writes, through the gateway itself: 10,000 legacy-API writes (updates, creates and deletes of
 * dashboards) sent to the gateway in mode 2, which dual-writes each (legacy first, then unified storage), while a copy job started
 * through the admin API copies the same table. After the copy and its catch-up, a verification finds both sides equal:
 * every legacy row matches its object, none is missing, no deleted dashboard came back in unified storage.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LiveWritesThroughGatewayIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String ADMIN = Http.basic("admin", "admin-secret");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int GENERATED = 5_000;
    private static final int WRITES = 10_000;
    private static final int WRITERS = 8;

    private static SimulatedDeployment deployment;
    private static TestGateway gateway;
    private static AdminClient admin;

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start("admin-secret", "glsa_livewrites0123456789abcdefg_5eed5eed",
                // small chunks, so that the copy is still running while the writes go on
                Map.of("legacy.database-url", "SIM", "jobs.recheck-delay", "200ms", "jobs.chunk-target", "50ms"));
        gateway = deployment.gateway();
        admin = new AdminClient(gateway);
        new BulkLoader(deployment.sim().dataSource(), Clock.systemUTC(), 1_000)
                .load(1, GENERATED, DashboardGenerator.fromSeedDashboards(8), (done, total) -> { });
        admin.forceMode(DASHBOARDS, null, 2);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void aCopyUnderTenThousandGatewayWritesInModeTwoEndsWithBothSidesEqual() throws Exception {
        List<String> uids = deployment.legacyUids("dashboard", "NOT is_folder AND org_id = 1");
        long copy = startJob("copy");

        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        List<Future<Integer>> written = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int first = w;
            written.add(writers.submit(() -> write(first, uids)));
        }
        int writes = 0;
        for (Future<Integer> w : written) {
            writes += w.get();
        }
        writers.shutdown();
        assertThat(writes).isEqualTo(WRITES);

        JsonNode copied = awaitJob(copy);
        assertThat(copied.path("state").asText()).as(copied.toString()).isEqualTo("succeeded");
        assertThat(copied.path("counts").path("unconvertible").asLong()).isZero();

        JsonNode verified = awaitJob(startJob("verify"));
        long rows = deployment.legacyRowCount("dashboard", "NOT is_folder");
        assertThat(verified.path("counts").path("processed").asLong()).isEqualTo(rows);
        assertThat(verified.path("counts").path("matching").asLong()).as(verified.toString()).isEqualTo(rows);
        assertThat(verified.path("differences").asBoolean()).as(verified.toString()).isFalse();
        assertThat(verified.path("state").asText()).isEqualTo("succeeded");
    }

    /**
     * Every {@value #WRITERS}th write from {@code first} on, through the gateway's legacy API: of each 10, one creates a
     * dashboard, one deletes one, eight save a new version of a random dashboard (two writers may save one at once).
     */
    private static int write(int first, List<String> uids) throws Exception {
        Http http = new Http();
        Random random = new Random(first);
        int done = 0;
        for (int i = first; i < WRITES; i += WRITERS) {
            Answer answer;
            if (i % 10 == 9) {
                String uid = uids.get(random.nextInt(uids.size()));
                answer = http.exchange(gateway.uri("/api/dashboards/uid/" + uid), "DELETE", ADMIN, null);
                // a dashboard another writer deleted first is gone already
                assertThat(answer.status()).as(answer.text()).isIn(200, 404);
            } else {
                String uid = i % 10 == 8 ? "live-" + i : uids.get(random.nextInt(uids.size()));
                answer = http.exchange(gateway.uri("/api/dashboards/db"), "POST", ADMIN, save(uid, "edited " + i),
                        "Content-Type", "application/json");
                // saving a dashboard another writer has just deleted is refused by the legacy side
                assertThat(answer.status()).as(answer.text()).isIn(200, 404);
            }
            done++;
        }
        return done;
    }

    private static String save(String uid, String title) throws Exception {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode dashboard = body.putObject("dashboard");
        dashboard.put("uid", uid);
        dashboard.put("title", title);
        dashboard.putArray("panels").addObject().put("id", 1).put("type", "text").put("title", title);
        dashboard.put("schemaVersion", 39);
        body.put("overwrite", true);
        return JSON.writeValueAsString(body);
    }

    private static long startJob(String kind) throws Exception {
        var started = admin.post("/admin/jobs", "{\"kind\": \"" + kind + "\", \"resource\": \"" + DASHBOARDS + "\"}");
        assertThat(started.statusCode()).as(started.body()).isIn(200, 201, 202);
        return JSON.readTree(started.body()).path("id").asLong();
    }

    private static JsonNode awaitJob(long id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            JsonNode job = admin.getJson("/admin/jobs/" + id);
            String state = job.path("state").asText();
            if (!state.equals("running") && !state.equals("pending") && !state.equals("paused")) {
                return job;
            }
            assertThat(System.nanoTime()).as("job " + id + " still " + state + ": " + job).isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
