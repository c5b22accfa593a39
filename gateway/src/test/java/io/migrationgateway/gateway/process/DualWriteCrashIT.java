package io.migrationgateway.gateway.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A gateway killed (SIGKILL) while 8 writers save dashboards in mode 2 or 3 (new ones with and without a uid, and
 * saves of existing ones) leaves writes on one side only; the gateway started after it takes over the writes the killed
 * one had written down, re-reads each object from its first side for the second (for a create without a uid, every
 * object its first side changed since), and records the stop as a write outage. Then a verification finds both sides alike, with no
 * copy job after the kill.
 */
class DualWriteCrashIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_dualwritecrash0123456789ab_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {2, 3})
    void writesInFlightAtAKillAreFinishedByTheNextGatewayAndVerifyFindsParity(int mode) throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String simSchema = TestDatabase.newSchema();
        String gatewaySchema = TestDatabase.newSchema();
        try (LegacySim sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), simSchema, ADMIN_PASSWORD, TOKEN,
                true))) {
            Map<String, String> env = Map.of(
                    "MGW_LEGACY_DATABASE_URL", TestDatabase.url() + (TestDatabase.url().contains("?") ? "&" : "?") + "currentSchema=" + simSchema,
                    "MGW_DUAL_WRITE_RETRY_AUTHORIZATION", ADMIN,
                    "MGW_DUAL_WRITE_ORPHAN_AFTER", "2s",
                    "MGW_DUAL_WRITE_POLL_INTERVAL", "200ms");
            GatewayProcess first = GatewayProcess.start(sim.baseUrl(), List.of("-Xmx256m"), env, gatewaySchema);
            AdminClient admin = new AdminClient(first);
            job(admin, "copy");
            admin.forceMode(DASHBOARDS, null, 2);
            for (int w = 0; w < 8; w++) {
                for (int k = 0; k < 5; k++) {
                    assertThat(save(first, "crash-" + w + "-" + k, "made in mode 2")).isEqualTo(200);
                }
            }
            admin.forceMode(DASHBOARDS, null, mode);

            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicInteger acknowledged = new AtomicInteger();
            try (ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int w = 0; w < 8; w++) {
                    int writer = w;
                    writers.submit(() -> {
                        for (int i = 0; writing.get(); i++) {
                            // mode 2: new dashboards and saves of existing ones; mode 3: saves (a dashboard created in
                            // mode 3 gets a legacy id of the gateway's that the legacy side cannot take, so verify would
                            // tell the two apart for a reason of its own)
                            String uid = mode == 2 && i % 3 == 0 ? "crash-new-" + writer + "-" + i
                                    : mode == 2 && i % 3 == 1 ? "" // a create that leaves the uid to the server
                                    : "crash-" + writer + "-" + (i % 5);
                            if (save(first, uid, "save " + writer + "-" + i) == 200) {
                                acknowledged.incrementAndGet();
                            }
                        }
                    });
                }
                Thread.sleep(1000 + random.nextInt(2000));
                first.kill();
                writing.set(false);
            }
            assertThat(acknowledged.get()).as("seed %d: writes before the kill", seed).isPositive();

            GatewayProcess second = GatewayProcess.start(sim.baseUrl(), List.of("-Xmx256m"), env, gatewaySchema);
            try {
                awaitNothingLeft(gatewaySchema);
                JsonNode verified = job(new AdminClient(second), "verify");
                JsonNode counts = verified.path("counts");
                assertThat(counts.path("matching").asLong()).as("seed %d: %s", seed, verified)
                        .isEqualTo(counts.path("processed").asLong());
                assertThat(counts.path("processed").asLong()).isGreaterThan(180);
                assertThat(count(gatewaySchema, "SELECT count(*) FROM dual_write WHERE detail LIKE '%stopped during this write%'"))
                        .as("the kill is a write outage for the gate").isPositive();
            } finally {
                second.close();
            }
        } finally {
            TestDatabase.dropSchema(simSchema);
        }
    }

    private int save(GatewayProcess gateway, String uid, String title) {
        try {
            HttpRequest request = HttpRequest.newBuilder(gateway.uri("/api/dashboards/db")).timeout(Duration.ofSeconds(10))
                    .header("Authorization", ADMIN).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"dashboard\":{" + (uid.isEmpty() ? "" : "\"uid\":\"" + uid + "\",")
                            + "\"title\":\"" + uid + " " + title + "\",\"panels\":[]},\"overwrite\":true}")).build();
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception killed) {
            return 0;
        }
    }

    /** Waits until the writes the killed gateway left were taken over and the outbox has applied them. */
    private static void awaitNothingLeft(String schema) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (count(schema, "SELECT (SELECT count(*) FROM dual_write_intent) + (SELECT count(*) FROM dual_write_outbox WHERE done_at IS NULL)")
                    == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("intents or outbox entries left: " + count(schema, "SELECT count(*) FROM dual_write_intent") + " / "
                + count(schema, "SELECT count(*) FROM dual_write_outbox WHERE done_at IS NULL"));
    }

    private static long count(String schema, String sql) throws Exception {
        try (Connection c = TestDatabase.connect(); Statement s = c.createStatement()) {
            s.execute("SET search_path TO " + schema);
            try (ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static JsonNode job(AdminClient admin, String kind) throws Exception {
        return admin.runJob(kind, DASHBOARDS);
    }
}
