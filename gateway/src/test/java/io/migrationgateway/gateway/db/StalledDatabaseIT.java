package io.migrationgateway.gateway.db;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.StallingTcpProxy;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A database that stops answering (its processes stopped: connections stay open, nothing comes back) holds no request
 * longer than {@code database.request-timeout}: each is answered 503 with {@code Retry-After}, in its API's words,
 * requests that need no database are served meanwhile, and once the database answers again so does the gateway.
 */
class StalledDatabaseIT {
    private static final String ADMIN = Http.basic("admin", "admin");
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static StallingTcpProxy database;
    private static TestGateway gateway;
    private final Http http = new Http();

    @BeforeAll
    static void start() throws Exception {
        Matcher port = Pattern.compile("//[^/:]+:(\\d+)/").matcher(TestDatabase.url());
        assertThat(port.find()).as(TestDatabase.url()).isTrue();
        database = new StallingTcpProxy(Integer.parseInt(port.group(1)));
        String proxied = TestDatabase.url().replaceFirst("//[^/:]+:\\d+/", "//127.0.0.1:" + database.port() + "/");
        gateway = TestGateway.start(legacy.baseUrl(), Map.of("database.url", proxied, "database.request-timeout", "1s"));
        new AdminClient(gateway).forceEveryResource(4);
    }

    @AfterAll
    static void stop() throws Exception {
        database.stall(false);
        gateway.close();
        database.close();
    }

    /** The legacy side: who the caller is, and one route no resource owns (WireMock clears its stubs before each test). */
    @BeforeEach
    void legacySide() {
        legacy.stubFor(get(urlPathEqualTo("/api/user")).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody("{\"id\":1,\"login\":\"admin\",\"orgId\":1}")));
        legacy.stubFor(get(urlPathEqualTo("/api/user/orgs")).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody("[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Admin\"}]")));
        legacy.stubFor(get(urlPathEqualTo("/api/org")).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody("{\"id\":1,\"name\":\"Main Org.\"}")));
    }

    @Test
    void requestsOnAStalledDatabaseAreAnswered503WithinTheBoundAndTheGatewayRecovers() throws Exception {
        assertThat(create("before-the-stall").status()).isEqualTo(201);
        database.stall(true);
        try {
            List<CompletableFuture<Answer>> calls = new ArrayList<>();
            long started = System.nanoTime();
            try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 40; i++) {
                    int n = i;
                    calls.add(CompletableFuture.supplyAsync(() -> switch (n % 4) {
                        case 0 -> send("GET", DASHBOARDS + "/before-the-stall", null);
                        case 1 -> create("during-the-stall-" + n);
                        case 2 -> send("GET", "/api/dashboards/uid/before-the-stall", null);
                        default -> send("POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"stalled-" + n + "\",\"title\":\"x\"}}");
                    }, callers));
                }
                Answer passThrough = send("GET", "/api/org", null);
                assertThat(passThrough.status()).as("a request that needs no database is served meanwhile").isEqualTo(200);
                for (CompletableFuture<Answer> call : calls) {
                    Answer answer = call.join();
                    assertThat(answer.status()).as(answer.text()).isEqualTo(503);
                    assertThat(answer.header("Retry-After")).isEqualTo("1");
                    assertThat(answer.text()).doesNotContain("Exception");
                }
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("40 requests, each bounded, not queued for 40 bounds")
                    .isLessThan(Duration.ofSeconds(15));
        } finally {
            database.stall(false);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Answer after;
        do {
            after = send("GET", DASHBOARDS + "/before-the-stall", null);
        } while (after.status() != 200 && System.nanoTime() < deadline);
        assertThat(after.status()).as(after.text()).isEqualTo(200);
        assertThat(create("after-the-stall").status()).isEqualTo(201);
    }

    private Answer create(String name) {
        return send("POST", DASHBOARDS, "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\","
                + "\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"title\":\"" + name + "\"}}");
    }

    private Answer send(String method, String path, String body) {
        try {
            return http.exchange(gateway.uri(path), method, ADMIN, body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "mode {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {2, 3})
    void aDualWrittenSaveOnAStalledDatabaseIsAnswered503WithinTheBoundAndWritesNothingToTheLegacySide(int mode) throws Exception {
        AdminClient admin = new AdminClient(gateway);
        admin.forceMode("dashboards.dashboard.grafana.app", null, mode);
        try {
            database.stall(true);
            long started = System.nanoTime();
            Answer answer = send("POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"stalled-write-" + mode + "\",\"title\":\"x\"}}");

            assertThat(answer.status()).as(answer.text()).isEqualTo(503);
            assertThat(answer.text()).doesNotContain("Exception");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(8));
            assertThat(legacy.findAll(com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor(
                    com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo("/api/dashboards/db")))).isEmpty();
        } finally {
            database.stall(false);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    admin.forceMode("dashboards.dashboard.grafana.app", null, 4);
                    break;
                } catch (AssertionError | java.io.IOException notYet) {
                    Thread.sleep(200);
                }
            }
        }
    }
}
