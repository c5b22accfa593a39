package io.migrationgateway.gateway.lane;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.RawHttp;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Callers the fast lane must answer as the chain does: one speaking HTTP/0.9, and one that half-closes its side after
 * pipelining a request behind a slow one.
 */
class Http09AndHalfCloseIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway laned;
    private static TestGateway chainOnly;

    @BeforeAll
    static void startGateways() {
        laned = TestGateway.start(legacy.baseUrl());
        chainOnly = TestGateway.start(legacy.baseUrl(), Map.of("server.fast-pass-through", "false"));
    }

    @AfterAll
    static void stopGateways() {
        laned.close();
        chainOnly.close();
    }

    @BeforeEach
    void answerEverything() {
        legacy.resetAll();
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("fast")));
        legacy.stubFor(get(urlPathEqualTo("/api/slow")).willReturn(aResponse().withStatus(200).withBody("slow").withFixedDelay(500)));
    }

    private static TestGateway gateway(boolean fastLane) {
        return fastLane ? laned : chainOnly;
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void anHttp09RequestIsAnswered400AtOnceAndTheConnectionClosed(boolean fastLane) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", gateway(fastLane).port())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write("GET /h09\r\n".getBytes(StandardCharsets.ISO_8859_1));
            long sent = System.nanoTime();

            RawHttp.Response answer = RawHttp.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(400);
            assertThat(socket.getInputStream().read()).as("then the connection closes").isEqualTo(-1);
            assertThat(System.nanoTime() - sent).as("at once").isLessThan(2_000_000_000L);
        }
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).isEmpty();
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aRequestPipelinedBehindASlowOneIsAnsweredThoughTheCallerHalfClosed(boolean fastLane) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", gateway(fastLane).port())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("GET /api/slow HTTP/1.1\r\nHost: a\r\n\r\nGET /api/after HTTP/1.1\r\nHost: a\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();

            RawHttp.Response first = RawHttp.read(in);
            RawHttp.Response second = RawHttp.read(in);

            assertThat(first.status()).isEqualTo(200);
            assertThat(first.body()).isEqualTo("slow");
            assertThat(first.header("Connection")).as("the first answer is not the last").isNotEqualToIgnoringCase("close");
            assertThat(second.status()).isEqualTo(200);
            assertThat(second.body()).isEqualTo("fast");
            assertThat(in.read()).as("then the connection closes").isEqualTo(-1);
        }
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).hasSize(2);
    }
}
