package io.migrationgateway.gateway.upstream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.testsupport.Loopback;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link LegacyClient#get}, the shadow work's legacy read made on the calling thread: it must give the same answer a
 * caller would get (status, headers, body, error bodies, redirects not followed) and fail as {@link LegacyClient#forward}
 * fails, with {@link LegacyUnavailableException}.
 */
class LegacyClientGetIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static final Map<String, List<String>> HEADERS = Map.of("Accept", List.of("application/json"),
            "X-Grafana-Org-Id", List.of("2"), "Authorization", List.of("Bearer glsa_token"), "TE", List.of("trailers"));

    private LegacyClient client;

    @BeforeEach
    void start() {
        legacy.resetAll();
        LegacyConfig config = new ConfigLoader().load(Optional.empty(), Map.of(), Map.of("legacy.url", legacy.baseUrl() + "/grafana/",
                // above a cold WireMock's first answer on a loaded machine (500 ms was too short under a load average of 8)
                "legacy.response-timeout", "2s")).legacy();
        client = new LegacyClient(config);
    }

    @AfterEach
    void stop() {
        client.close();
    }

    @Test
    void forwardsTheCallersHeadersButHopByHopOnesAndReturnsTheWholeAnswer() {
        legacy.stubFor(get("/grafana/api/dashboards/uid/abc?x=1%202").willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("X-Legacy", "yes").withBody("{\"dashboard\":{}}")));

        LegacyClient.Forwarded answer = client.get("/api/dashboards/uid/abc?x=1%202", HEADERS);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("{\"dashboard\":{}}");
        assertThat(answer.headers()).containsEntry("X-Legacy", List.of("yes")).doesNotContainKey(null);
        legacy.verify(getRequestedFor(urlEqualTo("/grafana/api/dashboards/uid/abc?x=1%202"))
                .withHeader("Authorization", equalTo("Bearer glsa_token"))
                .withHeader("X-Grafana-Org-Id", equalTo("2"))
                .withHeader("Accept", equalTo("application/json"))
                .withHeader("TE", absent()));
    }

    @Test
    void anErrorStatusComesBackWithItsBodyAndARedirectIsNotFollowed() {
        legacy.stubFor(get("/grafana/api/dashboards/uid/gone").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Dashboard not found\"}")));
        legacy.stubFor(get("/grafana/api/dashboards/uid/moved").willReturn(aResponse().withStatus(302)
                .withHeader("Location", "/grafana/api/dashboards/uid/gone")));

        LegacyClient.Forwarded missing = client.get("/api/dashboards/uid/gone", HEADERS);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.response().body().path("message").asText()).isEqualTo("Dashboard not found");

        LegacyClient.Forwarded moved = client.get("/api/dashboards/uid/moved", HEADERS);
        assertThat(moved.status()).isEqualTo(302);
        assertThat(moved.headers()).containsEntry("Location", List.of("/grafana/api/dashboards/uid/gone"));
        legacy.verify(1, getRequestedFor(urlEqualTo("/grafana/api/dashboards/uid/gone")));
    }

    @Test
    void neitherGetNorForwardReturnsHopByHopOrFramingHeaders() {
        legacy.stubFor(get("/grafana/api/dashboards/uid/abc").willReturn(aResponse().withStatus(200)
                .withHeader("X-Legacy", "yes").withHeader("Keep-Alive", "timeout=5").withHeader("Proxy-Authenticate", "Basic")
                .withBody("{\"dashboard\":{}}")));

        for (LegacyClient.Forwarded answer : List.of(client.get("/api/dashboards/uid/abc", HEADERS),
                client.forward("GET", "/api/dashboards/uid/abc", HEADERS, new byte[0]))) {
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER); // the JDK client lower-cases names
            headers.putAll(answer.headers());
            assertThat(headers).containsEntry("X-Legacy", List.of("yes"))
                    .doesNotContainKeys("Keep-Alive", "Proxy-Authenticate", "Content-Length", "Transfer-Encoding", "Connection");
        }
    }

    @Test
    void noAnswerInTimeOrABrokenConnectionIsLegacyUnavailable() {
        legacy.stubFor(get("/grafana/api/slow").willReturn(aResponse().withStatus(200).withFixedDelay(4_000).withBody("{}")));
        legacy.stubFor(get("/grafana/api/reset").willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

        assertThatThrownBy(() -> client.get("/api/slow", HEADERS)).isInstanceOf(LegacyUnavailableException.class)
                .hasMessageContaining("GET /grafana/api/slow");
        assertThatThrownBy(() -> client.get("/api/reset", HEADERS)).isInstanceOf(LegacyUnavailableException.class);
    }
}
