package io.migrationgateway.gateway.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.RawHttp;
import io.migrationgateway.gateway.testing.TestGateway;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Requests and answers pass through unchanged but for hop-by-hop headers and X-Forwarded-*. */
class PassThroughIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway gateway;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void startGateway() {
        gateway = TestGateway.start(legacy.baseUrl());
    }

    @AfterAll
    static void stopGateway() {
        gateway.close();
    }

    @BeforeEach
    void answerEverything() {
        legacy.resetAll();
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("{\"ok\":true}")
                .withHeader("Content-Type", "application/json")));
    }

    private LoggedRequest onlyRequestSeenByLegacy() {
        List<LoggedRequest> requests = legacy.findAll(anyRequestedFor(anyUrl()));
        assertThat(requests).hasSize(1);
        return requests.get(0);
    }

    @Test
    void methodRawPathQueryAndBodyReachTheLegacyServerUnchanged() throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                        gateway.uri("/api/dashboards/uid/a%2Fb%20c?x=1&y=%C3%A9&x=2"))
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"title\":\"Prod ✓\"}"))
                .header("Authorization", "Bearer glsa_secret")
                .header("Content-Type", "application/json")
                .header("X-Grafana-Org-Id", "2")
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"ok\":true}");
        LoggedRequest seen = onlyRequestSeenByLegacy();
        assertThat(seen.getMethod().getName()).isEqualTo("PATCH");
        assertThat(seen.getUrl()).isEqualTo("/api/dashboards/uid/a%2Fb%20c?x=1&y=%C3%A9&x=2");
        assertThat(seen.getBodyAsString()).isEqualTo("{\"title\":\"Prod ✓\"}");
        assertThat(seen.getHeader("Authorization")).isEqualTo("Bearer glsa_secret");
        assertThat(seen.getHeader("X-Grafana-Org-Id")).isEqualTo("2");
        assertThat(seen.getHeader("Content-Type")).isEqualTo("application/json");
    }

    @Test
    void statusHeadersAndBodyOfTheLegacyAnswerReachTheClient() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/missing")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withHeader("X-Legacy", "yes")
                .withBody("{\"message\":\"Dashboard not found\"}")));

        HttpResponse<String> response = client.send(HttpRequest.newBuilder(gateway.uri("/api/missing")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"message\":\"Dashboard not found\"}");
        assertThat(response.headers().firstValue("X-Legacy")).hasValue("yes");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    }

    @Test
    void hopByHopRequestHeadersAreRemoved() throws Exception {
        RawHttp.Response response = RawHttp.exchange(gateway.port(), """
                GET /api/search HTTP/1.1\r
                Host: grafana.example\r
                Connection: keep-alive, X-Hop-Secret\r
                X-Hop-Secret: only-for-the-gateway\r
                Keep-Alive: timeout=5\r
                TE: trailers\r
                Trailer: X-Checksum\r
                Upgrade: websocket\r
                Proxy-Authorization: Basic cHJveHk6cHJveHk=\r
                Proxy-Connection: keep-alive\r
                X-End-To-End: kept\r
                \r
                """);

        assertThat(response.status()).isEqualTo(200);
        LoggedRequest seen = onlyRequestSeenByLegacy();
        assertThat(seen.getHeader("X-End-To-End")).isEqualTo("kept");
        for (String hop : List.of("X-Hop-Secret", "Keep-Alive", "TE", "Trailer", "Upgrade", "Proxy-Authorization", "Proxy-Connection")) {
            assertThat(seen.containsHeader(hop)).as(hop).isFalse();
        }
        assertThat(seen.getHeader("Connection")).isNotEqualToIgnoringCase("keep-alive, X-Hop-Secret");
    }

    @Test
    void hopByHopResponseHeadersAreRemoved() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/hops")).willReturn(aResponse().withStatus(200)
                .withHeader("Connection", "X-Upstream-Private")
                .withHeader("X-Upstream-Private", "internal")
                .withHeader("Keep-Alive", "timeout=99")
                .withHeader("Proxy-Authenticate", "Basic realm=upstream")
                .withHeader("Upgrade", "h2c")
                .withHeader("X-Public", "kept")
                .withBody("hi")));

        RawHttp.Response response = RawHttp.exchange(gateway.port(), "GET /api/hops HTTP/1.1\r\nHost: g\r\n\r\n");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hi");
        assertThat(response.header("X-Public")).isEqualTo("kept");
        assertThat(response.headerNames()).doesNotContain("x-upstream-private", "keep-alive", "proxy-authenticate", "upgrade");
        assertThat(response.header("Connection")).isNotEqualToIgnoringCase("X-Upstream-Private");
    }

    @Test
    void forwardedHeadersAreAppendedToWhatTheClientSent() throws Exception {
        RawHttp.exchange(gateway.port(), """
                GET /api/health HTTP/1.1\r
                Host: grafana.example:8443\r
                X-Forwarded-For: 203.0.113.7\r
                \r
                """);

        LoggedRequest seen = onlyRequestSeenByLegacy();
        assertThat(seen.getHeader("X-Forwarded-For")).isEqualTo("203.0.113.7,127.0.0.1");
        assertThat(seen.getHeader("X-Forwarded-Proto")).isEqualTo("http");
        assertThat(seen.getHeader("X-Forwarded-Host")).isEqualTo("grafana.example:8443");
        assertThat(seen.getHeader("Host")).isEqualTo("grafana.example:8443");
    }

    @Test
    void forwardedHeadersAreSetWhenTheClientSentNone() throws Exception {
        client.send(HttpRequest.newBuilder(gateway.uri("/api/health")).build(), HttpResponse.BodyHandlers.discarding());

        LoggedRequest seen = onlyRequestSeenByLegacy();
        assertThat(seen.getHeader("X-Forwarded-For")).isEqualTo("127.0.0.1");
        assertThat(seen.getHeader("X-Forwarded-Proto")).isEqualTo("http");
        assertThat(seen.getHeader("X-Forwarded-Host")).isEqualTo("127.0.0.1:" + gateway.port());
    }

    @Test
    void callersRequestIdIsKeptAndEchoed() throws Exception {
        HttpResponse<Void> response = client.send(HttpRequest.newBuilder(gateway.uri("/api/user"))
                .header("X-Request-Id", "client-id-42").build(), HttpResponse.BodyHandlers.discarding());

        assertThat(response.headers().firstValue("X-Request-Id")).hasValue("client-id-42");
        assertThat(onlyRequestSeenByLegacy().getHeader("X-Request-Id")).isEqualTo("client-id-42");
    }

    @Test
    void missingOrForgedRequestIdIsReplacedByAGeneratedOne() throws Exception {
        HttpResponse<Void> response = client.send(HttpRequest.newBuilder(gateway.uri("/api/user"))
                .header("X-Request-Id", "evil id\twith spaces").build(), HttpResponse.BodyHandlers.discarding());

        String id = response.headers().firstValue("X-Request-Id").orElseThrow();
        assertThat(id).matches("[0-9a-f]{32}");
        assertThat(onlyRequestSeenByLegacy().getHeader("X-Request-Id")).isEqualTo(id);
    }

    @Test
    void absoluteFormRequestCannotRedirectTheGatewayToAnotherHost() throws Exception {
        RawHttp.Response response = RawHttp.exchange(gateway.port(), """
                GET http://169.254.169.254/latest/meta-data HTTP/1.1\r
                Host: 169.254.169.254\r
                \r
                """);

        assertThat(response.status()).isEqualTo(200);
        assertThat(onlyRequestSeenByLegacy().getUrl()).isEqualTo("/latest/meta-data");
    }

    @Test
    void keepAliveConnectionCarriesManyRequests() throws Exception {
        HttpClient oneConnection = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int i = 0; i < 50; i++) {
            HttpResponse<String> response = oneConnection.send(HttpRequest.newBuilder(gateway.uri("/api/n/" + i)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
        }
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).hasSize(50);
    }
}
