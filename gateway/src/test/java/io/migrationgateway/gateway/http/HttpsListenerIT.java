package io.migrationgateway.gateway.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.config.ConfigException;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.gateway.testing.TrustingClient;
import io.migrationgateway.gateway.tls.SelfSignedCertificate;
import io.migrationgateway.testsupport.Loopback;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code server.tls-port}: the public routes over https as well as http, for clients (kubectl) that need TLS. */
class HttpsListenerIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    @TempDir
    static Path dir;

    private static SelfSignedCertificate certificate;
    private static int tlsPort;
    private static TestGateway gateway;

    @BeforeAll
    static void startGateway() {
        certificate = SelfSignedCertificate.inDirectory(dir);
        tlsPort = Loopback.closedPort();
        gateway = TestGateway.start(legacy.baseUrl(), Map.of(
                "server.tls-port", Integer.toString(tlsPort),
                "server.tls-cert", certificate.certificate().toString(),
                "server.tls-key", certificate.privateKey().toString()));
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

    private static URI https(String path) {
        return URI.create("https://127.0.0.1:" + tlsPort + path);
    }

    @Test
    void theHttpsPortServesTheSameRoutesAsThePlainPort() throws Exception {
        HttpResponse<String> overTls = TrustingClient.trusting(certificate.certificate()).send(
                HttpRequest.newBuilder(https("/api/dashboards/uid/abc?x=1")).header("Authorization", "Bearer t").build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(overTls.statusCode()).isEqualTo(200);
        assertThat(overTls.body()).isEqualTo("{\"ok\":true}");
        assertThat(overTls.headers().firstValue("X-Request-Id")).as("the gateway's own chain answered").isPresent();
        List<LoggedRequest> seen = legacy.findAll(anyRequestedFor(anyUrl()));
        assertThat(seen).hasSize(1);
        assertThat(seen.getFirst().getUrl()).isEqualTo("/api/dashboards/uid/abc?x=1");
        assertThat(seen.getFirst().getHeader("Authorization")).isEqualTo("Bearer t");
        assertThat(seen.getFirst().getHeader("X-Forwarded-Proto")).isEqualTo("https");

        HttpResponse<String> plain = HttpClient.newHttpClient().send(HttpRequest.newBuilder(gateway.uri("/api/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(plain.statusCode()).as("the plain-http port stays").isEqualTo(200);
        assertThat(gateway.gateway().tlsAddress()).hasValueSatisfying(address -> assertThat(address.getPort()).isEqualTo(tlsPort));
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefused() {
        assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(https("/api/health")).build(),
                HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(SSLHandshakeException.class);
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).isEmpty();
    }

    @Test
    void aKeyThatDoesNotMatchTheCertificateStopsStartupBeforeAnythingListens() {
        SelfSignedCertificate other = SelfSignedCertificate.inDirectory(dir.resolve("other"));
        Map<String, String> settings = new LinkedHashMap<>(TestGateway.baseSettings(legacy.baseUrl(), "never_used"));
        settings.put("server.tls-port", Integer.toString(Loopback.closedPort()));
        settings.put("server.tls-cert", certificate.certificate().toString());
        settings.put("server.tls-key", other.privateKey().toString());

        assertThatThrownBy(() -> Gateway.start(new ConfigLoader().load(Optional.empty(), Map.of(), settings)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("server.tls-key:");
    }

    @Test
    void gatewayWithoutTlsPortHasNoHttpsListener() {
        try (TestGateway plain = TestGateway.start(legacy.baseUrl())) {
            assertThat(plain.gateway().tlsAddress()).isEmpty();
        }
    }
}
