package io.migrationgateway.gateway.upstream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.gateway.testing.TestGateway;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What callers get when the legacy upstream misbehaves. Every answer the gateway makes up is a
 * legacy-shaped JSON body whose traceID is the request id, and never a stack trace.
 */
class UpstreamFaultsIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach
    void reset() {
        legacy.resetAll();
    }

    private HttpResponse<String> fetch(TestGateway gateway, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(gateway.uri(path)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Asserts the legacy error shape and returns its message. */
    private static String legacyError(HttpResponse<String> response) throws IOException {
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("message", "traceID");
        assertThat(body.get("traceID").asText()).isEqualTo(response.headers().firstValue("X-Request-Id").orElseThrow());
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("java.");
        return body.get("message").asText();
    }

    @Test
    void connectionResetBecomes502() throws Exception {
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl())) {
            HttpResponse<String> response = fetch(gateway, "/api/dashboards/uid/x");
            assertThat(response.statusCode()).isEqualTo(502);
            assertThat(legacyError(response)).contains("Bad gateway");
        }
    }

    @Test
    void emptyResponseBecomes502ForWritesToo() throws Exception {
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.EMPTY_RESPONSE)));
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl())) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(gateway.uri("/api/dashboards/db"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"dashboard\":{}}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(502);
            legacyError(response);
        }
    }

    @Test
    void garbageInsteadOfHttpBecomes502() throws Exception {
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.RANDOM_DATA_THEN_CLOSE)));
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl())) {
            HttpResponse<String> response = fetch(gateway, "/api/search");
            assertThat(response.statusCode()).isEqualTo(502);
            legacyError(response);
        }
    }

    @Test
    void refusedConnectionBecomes502() throws Exception {
        int closedPort = Loopback.closedPort();
        try (TestGateway gateway = TestGateway.start("http://127.0.0.1:" + closedPort)) {
            HttpResponse<String> response = fetch(gateway, "/api/health");
            assertThat(response.statusCode()).isEqualTo(502);
            assertThat(legacyError(response)).contains("did not answer");
        }
    }

    @Test
    void slowResponseBecomes504AfterTheResponseTimeout() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/slow")).willReturn(aResponse().withStatus(200).withFixedDelay(3_000)));
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl(), Map.of("legacy.response-timeout", "300ms"))) {
            long start = System.nanoTime();
            HttpResponse<String> response = fetch(gateway, "/api/slow");
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            assertThat(response.statusCode()).isEqualTo(504);
            assertThat(legacyError(response)).contains("in time");
            assertThat(tookMillis).isBetween(250L, 2_500L);
            // The timed-out GET is not retried: the upstream saw it once.
            assertThat(legacy.findAll(getRequestedFor(urlPathEqualTo("/api/slow")))).hasSize(1);
        }
    }

    @Test
    void slowBodyAfterTheHeadIsNotCutByTheResponseTimeout() throws Exception {
        // The head comes at once; the body takes three times the response timeout to arrive.
        HttpServer slowBody = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        slowBody.createContext("/api/dribble", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 6; i++) {
                    out.write("x".repeat(100).getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    Thread.sleep(250);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        slowBody.start();
        try (TestGateway gateway = TestGateway.start("http://127.0.0.1:" + slowBody.getAddress().getPort(),
                Map.of("legacy.response-timeout", "500ms"))) {
            HttpResponse<String> response = fetch(gateway, "/api/dribble");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).hasSize(600);
        } finally {
            slowBody.stop(0);
        }
    }

    @Test
    void unacceptedConnectionBecomes504AfterTheConnectTimeout() throws Exception {
        // A listening socket whose accept queue is full: the kernel drops further SYNs, so connects hang.
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    Socket filler = new Socket();
                    try {
                        filler.connect(full.getLocalSocketAddress(), 200);
                        fillers.add(filler);
                    } catch (IOException queueFull) {
                        filler.close();
                        break;
                    }
                }
                try (TestGateway gateway = TestGateway.start("http://127.0.0.1:" + full.getLocalPort(),
                        Map.of("legacy.connect-timeout", "300ms"))) {
                    long start = System.nanoTime();
                    HttpResponse<String> response = fetch(gateway, "/api/health");
                    long tookMillis = (System.nanoTime() - start) / 1_000_000;
                    assertThat(response.statusCode()).isEqualTo(504);
                    assertThat(legacyError(response)).contains("connect");
                    assertThat(tookMillis).isLessThan(3_000L);
                }
            } finally {
                for (Socket filler : fillers) {
                    filler.close();
                }
            }
        }
    }

    @Test
    void upstream5xxIsPassedThroughUntouched() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/broken")).willReturn(aResponse().withStatus(500)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Internal Server Error\",\"traceID\":\"abc\"}")));
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl())) {
            HttpResponse<String> response = fetch(gateway, "/api/broken");
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).isEqualTo("{\"message\":\"Internal Server Error\",\"traceID\":\"abc\"}");
        }
    }

    @Test
    void breakerOpensOnFailuresAnswers503WithRetryAfterWithoutCallingUpstreamAndRecovers() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/fail")).willReturn(aResponse().withStatus(503)));
        legacy.stubFor(get(urlPathEqualTo("/api/ok")).willReturn(aResponse().withStatus(200).withBody("fine")));
        Map<String, String> breaker = Map.of(
                "legacy.breaker.sliding-window-size", "4",
                "legacy.breaker.minimum-calls", "4",
                "legacy.breaker.failure-rate-threshold", "50",
                "legacy.breaker.open-duration", "1s",
                "legacy.breaker.half-open-calls", "1");
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl(), breaker)) {
            for (int i = 0; i < 4; i++) {
                assertThat(fetch(gateway, "/api/fail").statusCode()).isEqualTo(503);
            }

            HttpResponse<String> refused = fetch(gateway, "/api/ok");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(legacyError(refused)).contains("retry later");
            assertThat(legacy.findAll(getRequestedFor(urlPathEqualTo("/api/ok")))).isEmpty();

            Thread.sleep(1_200);
            HttpResponse<String> probe = fetch(gateway, "/api/ok");
            assertThat(probe.statusCode()).isEqualTo(200);
            assertThat(probe.body()).isEqualTo("fine");
            assertThat(fetch(gateway, "/api/ok").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void applicationErrorsDoNotOpenTheBreaker() throws Exception {
        legacy.stubFor(post(urlPathEqualTo("/api/dashboards/db")).willReturn(aResponse().withStatus(500)));
        legacy.stubFor(get(urlPathEqualTo("/api/ok")).willReturn(aResponse().withStatus(200)));
        Map<String, String> breaker = Map.of("legacy.breaker.sliding-window-size", "4", "legacy.breaker.minimum-calls", "4");
        try (TestGateway gateway = TestGateway.start(legacy.baseUrl(), breaker)) {
            for (int i = 0; i < 8; i++) {
                client.send(HttpRequest.newBuilder(gateway.uri("/api/dashboards/db"))
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.discarding());
            }
            assertThat(fetch(gateway, "/api/ok").statusCode()).isEqualTo(200);
        }
    }
}
