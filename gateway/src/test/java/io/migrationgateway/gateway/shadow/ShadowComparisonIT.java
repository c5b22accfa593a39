package io.migrationgateway.gateway.shadow;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.HttpHeaders;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.dualwrite.FailingStore;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.ForwardingTranslator;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.testsupport.TestDatabase;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.testsupport.RawHttp;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Shadow comparison on a real gateway in front of the seeded legacy simulator (through
 * WireMock, which stamps a fresh {@code meta.expires} on every dashboard answer: a field that varies on every legacy
 * call), with a test-only dashboard translator whose rule for {@code meta.folderTitle} is deliberately wrong for
 * dashboards named {@code wrong-*}.
 */
class ShadowComparisonIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_shadowtest0123456789abcdefg_5eed5eed";
    private static final String ADMIN = "Basic " + Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String simSchema;
    private static LegacySim sim;
    private static WireMockServer stamping;
    private final HttpClient client = HttpClient.newHttpClient();

    /** A timestamp that changes on every answer, as some legacy fields do. */
    public static final class StampExpires implements ResponseTransformerV2 {
        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            if (!serveEvent.getRequest().getUrl().startsWith("/api/dashboards/uid/")) {
                return response;
            }
            try {
                JsonNode body = JSON.readTree(response.getBodyAsString());
                if (body.path("meta") instanceof ObjectNode meta) {
                    meta.put("expires", Instant.now().toString() + System.nanoTime());
                    // the proxied Content-Length would cut the longer body short
                    HttpHeaders headers = new HttpHeaders(response.getHeaders().all().stream()
                            .filter(header -> !header.keyEquals("Content-Length")).toList());
                    return Response.Builder.like(response).but().headers(headers).body(body.toString()).build();
                }
                return response;
            } catch (Exception e) {
                return response;
            }
        }

        @Override
        public String getName() {
            return "stamp-expires";
        }
    }

    /** Dashboards whose name starts with {@code wrong-} get a wrong folder title from unified storage. */
    private static final class WrongFolderTitle extends ForwardingTranslator {
        WrongFolderTitle(Translator translator) {
            super(translator);
        }

        @Override
        public LegacyPlan legacyPlan(LegacyRequest request) {
            LegacyPlan plan = delegate().legacyPlan(request);
            return request.pathVariables().getOrDefault("uid", "").startsWith("wrong-") ? wrong(plan) : plan;
        }

        private static LegacyPlan wrong(LegacyPlan plan) {
            return switch (plan) {
                case LegacyPlan.Call call -> new LegacyPlan.Call(call.call(), outcome -> wrong(call.then().apply(outcome)));
                case LegacyPlan.Respond respond -> {
                    JsonNode body = respond.response().body().deepCopy();
                    if (body.path("meta") instanceof ObjectNode meta) {
                        meta.put("folderTitle", "Wrong folder");
                    }
                    yield LegacyPlan.respond(new LegacyResponse(respond.response().status(), body));
                }
            };
        }
    }

    private static final Gateway.Parts WRONG_RULE = new Gateway.Parts(registry -> TranslatorRegistry.of(registry.all().stream()
            .map(t -> t.kind().plural().equals("dashboards") ? (Translator) new WrongFolderTitle(t) : t).toList()), UnaryOperator.identity());

    @BeforeAll
    static void start() {
        simSchema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), simSchema, ADMIN_PASSWORD, TOKEN, true));
        stamping = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").extensions(new StampExpires()));
        stamping.start();
        stamping.stubFor(any(anyUrl()).willReturn(aResponse().proxiedFrom(sim.baseUrl())));
    }

    @AfterAll
    static void stop() {
        if (stamping != null) {
            stamping.stop();
        }
        if (sim != null) {
            sim.close();
        }
        TestDatabase.dropSchema(simSchema);
    }

    @Test
    void aWrongRuleIsReportedAtItsExactPathAndAVaryingTimestampAsNoise() throws Exception {
        Map<String, String> settings = Map.of("shadow.resources.dashboards.sampling-rate", "1", "shadow.noise-sampling-rate", "1");
        try (TestGateway gateway = TestGateway.start(stamping.baseUrl(), settings, WRONG_RULE)) {
            flip(gateway, 2, true);
            HttpResponse<String> first = save(gateway, "wrong-folder-title");
            assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
            assertThat(save(gateway, "noisy-timestamp").statusCode()).isEqualTo(200);

            for (int i = 0; i < 5; i++) {
                HttpResponse<String> wrong = get(gateway, "/api/dashboards/uid/wrong-folder-title");
                assertThat(wrong.statusCode()).isEqualTo(200);
                assertThat(JSON.readTree(wrong.body()).path("meta").path("folderTitle").asText())
                        .as("the caller gets the legacy answer").isEqualTo("General");
                assertThat(get(gateway, "/api/dashboards/uid/noisy-timestamp").statusCode()).isEqualTo(200);
            }

            List<Comparison> wrong = awaitComparisons(gateway, "wrong-folder-title", 5);
            assertThat(wrong).allSatisfy(comparison -> {
                assertThat(comparison.outcome()).isEqualTo("mismatch");
                assertThat(comparison.route()).isEqualTo("dashboards.get");
                assertThat(comparison.mode()).isEqualTo(2);
                assertThat(comparison.path("$.meta.folderTitle").path("kind").asText()).isEqualTo("mismatch");
                assertThat(comparison.path("$.meta.folderTitle").path("authoritative").asText()).isEqualTo("\"General\"");
                assertThat(comparison.path("$.meta.folderTitle").path("shadow").asText()).isEqualTo("\"Wrong folder\"");
                assertThat(comparison.path("$.meta.expires").path("kind").asText()).isEqualTo("noise");
            });
            List<Comparison> noisy = awaitComparisons(gateway, "noisy-timestamp", 5);
            assertThat(noisy).allSatisfy(comparison -> {
                assertThat(comparison.outcome()).isEqualTo("noise");
                assertThat(comparison.paths()).extracting(path -> path.path("path").asText()).containsExactly("$.meta.expires");
            });
            assertThat(noisy).allSatisfy(comparison -> assertThat(comparison.legacyMs()).isPositive());

            // the gate refuses mode 3 with these figures
            HttpResponse<String> up = flip(gateway, 3, false);
            assertThat(up.statusCode()).isEqualTo(409);
            JsonNode checks = JSON.readTree(up.body()).path("changes").get(0).path("checks");
            JsonNode shadow = checks.get(1);
            assertThat(shadow.path("name").asText()).isEqualTo("shadow-comparison");
            assertThat(shadow.path("verdict").asText()).isEqualTo("fail");
            assertThat(shadow.path("figures").path("compared").asLong()).isEqualTo(5);
            assertThat(shadow.path("figures").path("mismatched").asLong()).isEqualTo(5);
            assertThat(checks.get(2).path("name").asText()).isEqualTo("outbox");
            assertThat(checks.get(2).path("verdict").asText()).isEqualTo("pass");
        }
    }

    /**
     * The same through the public port's fast lane: reads on a connection of their own are relayed by the lane (no hand-off
     * to the chain), which copies each sampled answer (here chunked, as WireMock sends the stamped body) for the same
     * comparison. The token is used for the first time, so the lane waits for the caller's identity before its first read.
     */
    @Test
    void readsTheFastLaneRelaysAreComparedAsTheChainComparesThem() throws Exception {
        Map<String, String> settings = Map.of("shadow.resources.dashboards.sampling-rate", "1", "shadow.noise-sampling-rate", "1");
        try (TestGateway gateway = TestGateway.start(stamping.baseUrl(), settings, WRONG_RULE)) {
            flip(gateway, 2, true);
            assertThat(save(gateway, "wrong-in-lane").statusCode()).isEqualTo(200);
            assertThat(save(gateway, "noisy-in-lane").statusCode()).isEqualTo(200);
            double handOffs = handOffs(gateway);

            try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
                socket.setSoTimeout(10_000);
                for (int i = 0; i < 5; i++) {
                    for (String uid : List.of("wrong-in-lane", "noisy-in-lane")) {
                        socket.getOutputStream().write(("GET /api/dashboards/uid/" + uid + " HTTP/1.1\r\nHost: grafana.example\r\n"
                                + "Authorization: Bearer " + TOKEN + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                        RawHttp.Response read = RawHttp.read(socket.getInputStream());
                        assertThat(read.status()).as(read.body()).isEqualTo(200);
                        assertThat(read.header("Transfer-Encoding")).isEqualTo("chunked");
                        assertThat(JSON.readTree(read.body()).path("meta").path("folderTitle").asText()).isEqualTo("General");
                    }
                }
            }

            assertThat(handOffs(gateway)).as("connections handed to the chain").isEqualTo(handOffs);
            List<Comparison> wrong = awaitComparisons(gateway, "wrong-in-lane", 5);
            assertThat(wrong).hasSize(5).allSatisfy(comparison -> {
                assertThat(comparison.outcome()).isEqualTo("mismatch");
                assertThat(comparison.mode()).isEqualTo(2);
                assertThat(comparison.path("$.meta.folderTitle").path("shadow").asText()).isEqualTo("\"Wrong folder\"");
                assertThat(comparison.path("$.meta.expires").path("kind").asText()).isEqualTo("noise");
                assertThat(comparison.legacyMs()).isPositive();
            });
            assertThat(awaitComparisons(gateway, "noisy-in-lane", 5)).hasSize(5)
                    .allSatisfy(comparison -> assertThat(comparison.outcome()).isEqualTo("noise"));
        }
    }

    @Test
    void aSlowShadowSideNeitherDelaysTheCallerNorGoesUncounted() throws Exception {
        AtomicReference<FailingStore> store = new AtomicReference<>();
        Gateway.Parts slowUnified = new Gateway.Parts(UnaryOperator.identity(), (ResourceStore real) -> {
            store.set(new FailingStore(real, 1_000));
            return store.get();
        });
        Map<String, String> settings = new HashMap<>(Map.of("shadow.resources.dashboards.sampling-rate", "1",
                "shadow.concurrency", "1", "shadow.queue-size", "1", "shadow.time-limit", "300ms", "shadow.noise-sampling-rate", "0"));
        try (TestGateway gateway = TestGateway.start(sim.baseUrl(), settings, slowUnified)) {
            flip(gateway, 1, true);
            assertThat(save(gateway, "slow-shadow").statusCode()).isEqualTo(200);
            store.get().slowReads(true);

            long slowest = 0;
            for (int i = 0; i < 20; i++) {
                long start = System.nanoTime();
                assertThat(get(gateway, "/api/dashboards/uid/slow-shadow").statusCode()).isEqualTo(200);
                slowest = Math.max(slowest, (System.nanoTime() - start) / 1_000_000);
            }

            assertThat(slowest).as("ms of the slowest answer, while the shadow side takes 1000 ms").isLessThan(500);
            Instant deadline = Instant.now().plusSeconds(20);
            while (skipped(gateway) == 0 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(skipped(gateway)).as("queue-full skips in gateway_shadow_skipped_total").isGreaterThan(10);
            assertThat(awaitComparisons(gateway, "slow-shadow", 1)).allSatisfy(comparison -> {
                assertThat(comparison.outcome()).isEqualTo("shadow-error");
                assertThat(comparison.detail()).contains("shadow.time-limit");
            });
            deadline = Instant.now().plusSeconds(10);
            while (skippedRows(gateway, "queue-full") == 0 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(skippedRows(gateway, "queue-full")).as("skips stored in PostgreSQL").isGreaterThan(10);
        }
    }

    @Test
    void comparisonsOverTheCpuShareAreSkippedAndCounted() throws Exception {
        // a share so small that the first comparison spends the budget of many seconds
        Map<String, String> settings = Map.of("shadow.resources.dashboards.sampling-rate", "1", "shadow.cpu-share", "0.00001",
                "shadow.noise-sampling-rate", "0");
        try (TestGateway gateway = TestGateway.start(sim.baseUrl(), settings)) {
            flip(gateway, 1, true);
            assertThat(save(gateway, "cpu-share").statusCode()).isEqualTo(200);
            assertThat(get(gateway, "/api/dashboards/uid/cpu-share").statusCode()).isEqualTo(200);
            awaitComparisons(gateway, "cpu-share", 1);

            for (int i = 0; i < 20; i++) {
                assertThat(get(gateway, "/api/dashboards/uid/cpu-share").statusCode()).isEqualTo(200);
            }

            Instant deadline = Instant.now().plusSeconds(10);
            while (skippedRows(gateway, "cpu-budget") < 20 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(skippedRows(gateway, "cpu-budget")).as("reads skipped for the CPU budget").isEqualTo(20);
            assertThat(comparisons(gateway, "cpu-share")).hasSize(1);
        }
    }

    @Test
    void anAnswerOverTheBodyCapIsSkippedAndCounted() throws Exception {
        Map<String, String> settings = Map.of("shadow.resources.dashboards.sampling-rate", "1", "shadow.max-body", "1024");
        try (TestGateway gateway = TestGateway.start(sim.baseUrl(), settings)) {
            flip(gateway, 1, true);
            String big = "{\"dashboard\":{\"uid\":\"big-answer\",\"title\":\"Big\",\"description\":\"" + "x".repeat(3000)
                    + "\",\"panels\":[]},\"overwrite\":true}";
            assertThat(send(gateway, "POST", "/api/dashboards/db", big).statusCode()).isEqualTo(200);

            HttpResponse<String> read = get(gateway, "/api/dashboards/uid/big-answer");

            assertThat(read.statusCode()).isEqualTo(200);
            assertThat(read.body()).hasSizeGreaterThan(3000);
            Instant deadline = Instant.now().plusSeconds(10);
            while (skippedRows(gateway, "body-too-large") == 0 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(skippedRows(gateway, "body-too-large")).isEqualTo(1);

            double handOffs = handOffs(gateway);
            RawHttp.Response inLane = RawHttp.exchange(gateway.port(), "GET /api/dashboards/uid/big-answer HTTP/1.1\r\n"
                    + "Host: grafana.example\r\nAuthorization: " + ADMIN + "\r\nConnection: close\r\n\r\n");
            assertThat(inLane.status()).isEqualTo(200);
            assertThat(inLane.body()).isEqualTo(read.body());
            assertThat(handOffs(gateway)).as("relayed by the fast lane").isEqualTo(handOffs);
            deadline = Instant.now().plusSeconds(10);
            while (skippedRows(gateway, "body-too-large") == 1 && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(skippedRows(gateway, "body-too-large")).isEqualTo(2);
        }
    }

    private static double handOffs(TestGateway gateway) throws Exception {
        return new AdminClient(gateway).metricSum("gateway_fast_lane_handoffs_total", "");
    }

    private record Comparison(String route, int mode, String outcome, String detail, List<JsonNode> paths, double legacyMs) {
        JsonNode path(String path) {
            return paths.stream().filter(p -> p.path("path").asText().equals(path)).findFirst()
                    .orElseThrow(() -> new AssertionError("no difference at " + path + " in " + paths));
        }
    }

    private static List<Comparison> awaitComparisons(TestGateway gateway, String name, int count) throws Exception {
        Instant deadline = Instant.now().plusSeconds(20);
        while (true) {
            List<Comparison> found = comparisons(gateway, name);
            if (found.size() >= count || Instant.now().isAfter(deadline)) {
                assertThat(found).as("comparisons of " + name).hasSizeGreaterThanOrEqualTo(count);
                return found;
            }
            Thread.sleep(100);
        }
    }

    private static List<Comparison> comparisons(TestGateway gateway, String name) throws Exception {
        try (Connection c = DriverManager.getConnection(TestDatabase.url());
             PreparedStatement ps = c.prepareStatement("SELECT route, mode, outcome, detail, paths::text, authoritative_ms FROM "
                     + gateway.schema() + ".shadow_comparison WHERE object_name = ? ORDER BY id")) {
            ps.setString(1, name);
            List<Comparison> found = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<JsonNode> paths = new ArrayList<>();
                    JSON.readTree(rs.getString(5)).forEach(paths::add);
                    found.add(new Comparison(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4), paths, rs.getDouble(6)));
                }
            }
            return found;
        }
    }

    private static long skippedRows(TestGateway gateway, String reason) throws Exception {
        try (Connection c = DriverManager.getConnection(TestDatabase.url());
             PreparedStatement ps = c.prepareStatement("SELECT coalesce(sum(skipped), 0) FROM " + gateway.schema()
                     + ".shadow_skipped WHERE reason = ?")) {
            ps.setString(1, reason);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static double skipped(TestGateway gateway) throws Exception {
        return new AdminClient(gateway).metricSum("gateway_shadow_skipped_total", "queue-full");
    }

    private static HttpResponse<String> flip(TestGateway gateway, int mode, boolean force) throws Exception {
        HttpResponse<String> response = new AdminClient(gateway).put("/admin/resources/" + DASHBOARDS + "/mode",
                "{\"mode\":" + mode + ",\"force\":" + force + ",\"reason\":\"shadow test\"}");
        if (force) {
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        }
        return response;
    }

    private HttpResponse<String> save(TestGateway gateway, String uid) throws Exception {
        return send(gateway, "POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"" + uid
                + "\",\"tags\":[\"shadow\"],\"panels\":[],\"schemaVersion\":36},\"overwrite\":true}");
    }

    private HttpResponse<String> get(TestGateway gateway, String path) throws Exception {
        return send(gateway, "GET", path, null);
    }

    private HttpResponse<String> send(TestGateway gateway, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.uri(path)).timeout(Duration.ofSeconds(30)).header("Authorization", ADMIN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
