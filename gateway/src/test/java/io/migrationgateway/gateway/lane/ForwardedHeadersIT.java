package io.migrationgateway.gateway.lane;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.testing.RecordingUpstream;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.RawHttp;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the legacy side learns of the way a request came, with the fast lane and without it: the gateway's own
 * {@code X-Forwarded-Host}, {@code -Proto}, {@code -Port} and {@code -Server} unless the caller is a trusted proxy
 * ({@code server.trusted-proxies}), whose pass as sent; {@code X-Forwarded-For} appended to in both cases; one
 * {@code X-Request-Id}.
 */
class ForwardedHeadersIT {
    private static final String CLAIMS = "GET /api/search HTTP/1.1\r\nHost: gw.example:8080\r\nX-Forwarded-Host: evil.example\r\n"
            + "X-Forwarded-Proto: https\r\nX-Forwarded-Port: 444\r\nX-Forwarded-Server: evil\r\nX-Forwarded-For: 203.0.113.7\r\n"
            + "X-Request-Id: first-id\r\nX-Request-Id: second-id\r\n\r\n";

    private static RecordingUpstream legacy;
    private static final Map<String, TestGateway> GATEWAYS = new HashMap<>();

    @BeforeAll
    static void start() throws IOException {
        legacy = new RecordingUpstream();
        for (boolean fastLane : new boolean[] {true, false}) {
            for (boolean trusting : new boolean[] {true, false}) {
                Map<String, String> settings = new HashMap<>(Map.of("server.fast-pass-through", Boolean.toString(fastLane)));
                if (trusting) {
                    settings.put("server.trusted-proxies", "[10.0.0.0/8, 127.0.0.0/8]");
                }
                GATEWAYS.put(fastLane + "/" + trusting, TestGateway.start(legacy.url(), settings));
            }
        }
    }

    @AfterAll
    static void stop() throws IOException {
        GATEWAYS.values().forEach(TestGateway::close);
        legacy.close();
    }

    @BeforeEach
    void forget() {
        legacy.reset();
    }

    private static RecordingUpstream.Request forwarded(boolean fastLane, boolean trusting, String request) throws IOException {
        assertThat(RawHttp.exchange(GATEWAYS.get(fastLane + "/" + trusting).port(), request).status()).isEqualTo(200);
        List<RecordingUpstream.Request> seen = legacy.requests();
        assertThat(seen).hasSize(1);
        return seen.get(0);
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void anUntrustedCallersClaimsAreReplacedByTheGatewaysOwn(boolean fastLane) throws Exception {
        RecordingUpstream.Request seen = forwarded(fastLane, false, CLAIMS);

        assertThat(seen.all("X-Forwarded-Host")).containsExactly("gw.example:8080");
        assertThat(seen.all("X-Forwarded-Proto")).containsExactly("http");
        assertThat(seen.all("X-Forwarded-Port")).containsExactly("8080");
        assertThat(seen.all("X-Forwarded-Server")).containsExactly("gw.example");
        assertThat(seen.all("X-Forwarded-For")).containsExactly("203.0.113.7,127.0.0.1");
        assertThat(seen.all("X-Request-Id")).containsExactly("first-id");
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aTrustedProxysClaimsPassAsSent(boolean fastLane) throws Exception {
        RecordingUpstream.Request seen = forwarded(fastLane, true, CLAIMS);

        assertThat(seen.all("X-Forwarded-Host")).containsExactly("evil.example");
        assertThat(seen.all("X-Forwarded-Proto")).containsExactly("https");
        assertThat(seen.all("X-Forwarded-Port")).containsExactly("444");
        assertThat(seen.all("X-Forwarded-Server")).containsExactly("evil");
        assertThat(seen.all("X-Forwarded-For")).containsExactly("203.0.113.7,127.0.0.1");
        assertThat(seen.all("X-Request-Id")).containsExactly("first-id");
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void withoutClaimsEveryCallerGetsTheGatewaysOwn(boolean fastLane) throws Exception {
        for (boolean trusting : new boolean[] {true, false}) {
            legacy.reset();
            RecordingUpstream.Request seen = forwarded(fastLane, trusting, "GET /api/search HTTP/1.1\r\nHost: gw.example\r\n\r\n");

            assertThat(seen.all("X-Forwarded-Host")).containsExactly("gw.example");
            assertThat(seen.all("X-Forwarded-Proto")).containsExactly("http");
            assertThat(seen.all("X-Forwarded-Port")).containsExactly("80");
            assertThat(seen.all("X-Forwarded-Server")).containsExactly("gw.example");
            assertThat(seen.all("X-Forwarded-For")).containsExactly("127.0.0.1");
            assertThat(seen.all("X-Request-Id")).singleElement().asString().matches("[0-9a-f]{32}");
        }
    }
}
