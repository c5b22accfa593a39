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
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.testsupport.Loopback;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
                "legacy.response-timeout", "500ms")).legacy();
        client = new LegacyClient(config, CircuitBreaker.ofDefaults("legacy"));
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
    void noAnswerInTimeOrABrokenConnectionIsLegacyUnavailable() {
        legacy.stubFor(get("/grafana/api/slow").willReturn(aResponse().withStatus(200).withFixedDelay(3_000).withBody("{}")));
        legacy.stubFor(get("/grafana/api/reset").willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

        assertThatThrownBy(() -> client.get("/api/slow", HEADERS)).isInstanceOf(LegacyUnavailableException.class)
                .hasMessageContaining("GET /grafana/api/slow");
        assertThatThrownBy(() -> client.get("/api/reset", HEADERS)).isInstanceOf(LegacyUnavailableException.class);
    }
}
