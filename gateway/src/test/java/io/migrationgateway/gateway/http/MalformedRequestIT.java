package io.migrationgateway.gateway.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.RawHttp;
import io.migrationgateway.gateway.testing.TestGateway;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Requests two parsers could read differently are refused with 400 and never forwarded. */
class MalformedRequestIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway gateway;

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
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("forwarded")));
    }

    static Stream<Arguments> refusedRequests() {
        return Stream.of(
                Arguments.of("Content-Length and Transfer-Encoding together", 400, """
                        POST /api/dashboards/db HTTP/1.1\r
                        Host: g\r
                        Content-Length: 4\r
                        Transfer-Encoding: chunked\r
                        \r
                        0\r
                        \r
                        """),
                Arguments.of("a transfer coding other than chunked", 400, """
                        POST /api/dashboards/db HTTP/1.1\r
                        Host: g\r
                        Transfer-Encoding: gzip, chunked\r
                        \r
                        0\r
                        \r
                        """),
                Arguments.of("two different Content-Length headers", 400, """
                        POST /api/dashboards/db HTTP/1.1\r
                        Host: g\r
                        Content-Length: 2\r
                        Content-Length: 4\r
                        \r
                        abcd"""),
                Arguments.of("a non-numeric Content-Length", 400, """
                        POST /api/dashboards/db HTTP/1.1\r
                        Host: g\r
                        Content-Length: 4x\r
                        \r
                        abcd"""),
                Arguments.of("a bare CR inside a header line", 400,
                        "GET /api/search HTTP/1.1\r\nHost: g\r\nX-A: one\rX-Injected: two\r\n\r\n"),
                Arguments.of("a NUL byte in a header value", 400,
                        "GET /api/search HTTP/1.1\r\nHost: g\r\nX-A: one\0two\r\n\r\n"),
                Arguments.of("a space inside the request target", 400,
                        "GET /api/search?q=a b HTTP/1.1\r\nHost: g\r\n\r\n"),
                Arguments.of("a header name with a space", 400,
                        "GET /api/search HTTP/1.1\r\nHost: g\r\nX Bad: 1\r\n\r\n"),
                Arguments.of("CONNECT tunnelling", 405,
                        "CONNECT internal.example:443 HTTP/1.1\r\nHost: internal.example:443\r\n\r\n"),
                Arguments.of("TRACE echoing credentials back", 405,
                        "TRACE /api/user HTTP/1.1\r\nHost: g\r\nAuthorization: Basic YWRtaW46YWRtaW4=\r\n\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedRequests")
    void isRefusedAndNeverForwarded(String what, int expectedStatus, String request) throws Exception {
        RawHttp.Response response = RawHttp.exchange(gateway.port(), request);

        assertThat(response.status()).as(what).isEqualTo(expectedStatus);
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).as(what + " reached the legacy server").isEmpty();
    }

    @Test
    void malformedChunkedBodyIsRefusedAndNeverReachesTheUpstreamComplete() throws Exception {
        RawHttp.Response response = RawHttp.exchange(gateway.port(), """
                POST /api/dashboards/db HTTP/1.1\r
                Host: g\r
                Transfer-Encoding: chunked\r
                \r
                zz\r
                {"dashboard":{}}\r
                0\r
                \r
                """);

        assertThat(response.status()).isEqualTo(400);
        Thread.sleep(300);
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).isEmpty();
    }

    @Test
    void bodyDeclaredLargerThanTheLimitGets413AndIsNotForwarded() throws Exception {
        try (TestGateway limited = TestGateway.start(legacy.baseUrl(), java.util.Map.of("server.max-request-body", "1000"))) {
            RawHttp.Response response = RawHttp.exchange(limited.port(),
                    "POST /api/dashboards/db HTTP/1.1\r\nHost: g\r\nContent-Length: 2000\r\n\r\n" + "x".repeat(2000));

            assertThat(response.status()).isEqualTo(413);
            assertThat(response.body()).contains("larger than 1000 bytes");
            assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).isEmpty();

            RawHttp.Response small = RawHttp.exchange(limited.port(),
                    "POST /api/dashboards/db HTTP/1.1\r\nHost: g\r\nContent-Length: 1000\r\n\r\n" + "x".repeat(1000));
            assertThat(small.status()).isEqualTo(200);
        }
    }

    @Test
    void obsFoldIsNormalizedToOneLineNeverForwardedAsTwo() throws Exception {
        // RFC 9112 §5.2 lets a server replace obs-fold with spaces; the upstream sees one plain header line.
        RawHttp.Response response = RawHttp.exchange(gateway.port(),
                "GET /api/search HTTP/1.1\r\nHost: g\r\nX-A: one\r\n X-Injected: two\r\n\r\n");

        assertThat(response.status()).isEqualTo(200);
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).singleElement().satisfies(seen -> {
            assertThat(seen.getHeader("X-A")).isEqualTo("one X-Injected: two");
            assertThat(seen.containsHeader("X-Injected")).isFalse();
        });
    }

    @Test
    void chunkedBodyLargerThanThePrefetchStreamsThroughWhole() throws Exception {
        String chunk = "a".repeat(8_000);
        StringBuilder request = new StringBuilder("POST /api/big HTTP/1.1\r\nHost: g\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 40; i++) {
            request.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        request.append("0\r\n\r\n");

        RawHttp.Response response = RawHttp.exchange(gateway.port(), request.toString());

        assertThat(response.status()).isEqualTo(200);
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).singleElement()
                .satisfies(seen -> assertThat(seen.getBody()).hasSize(40 * 8_000));
    }

    @Test
    void wellFormedChunkedBodyIsForwarded() throws Exception {
        RawHttp.Response response = RawHttp.exchange(gateway.port(), """
                POST /api/dashboards/db HTTP/1.1\r
                Host: g\r
                Transfer-Encoding: chunked\r
                \r
                5\r
                hello\r
                6\r
                 world\r
                0\r
                \r
                """);

        assertThat(response.status()).isEqualTo(200);
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).singleElement()
                .satisfies(seen -> assertThat(seen.getBodyAsString()).isEqualTo("hello world"));
    }
}
