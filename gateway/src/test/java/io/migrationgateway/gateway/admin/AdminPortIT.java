package io.migrationgateway.gateway.admin;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.gateway.testing.TestGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Health without credentials, everything else behind the admin credentials, metrics worth reading. */
class AdminPortIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TestGateway gateway;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        gateway = TestGateway.start(legacy.baseUrl());
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    private HttpResponse<String> admin(String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.adminUri(path));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static final String GOOD = basic(TestGateway.ADMIN_USER, TestGateway.ADMIN_PASSWORD);

    static Stream<String> protectedRoutes() {
        List<String> routes = new ArrayList<>(AdminServer.PROTECTED_ROUTES);
        routes.add("/admin/does-not-exist");
        routes.add("/togglz/");
        routes.add("/togglz/edit?f=dashboards.dashboard.grafana.app");
        routes.add("/admin/resources/dashboards.dashboard.grafana.app/mode");
        return routes.stream();
    }

    @ParameterizedTest
    @MethodSource("protectedRoutes")
    void everyOtherRouteRefusesCallersWithoutTheAdminCredentials(String route) throws Exception {
        for (String wrong : new String[] {null, basic("admin", "wrong"), basic("root", TestGateway.ADMIN_PASSWORD),
                "Bearer " + TestGateway.ADMIN_PASSWORD, "Basic not-base64!"}) {
            HttpResponse<String> response = admin(route, wrong);
            assertThat(response.statusCode()).as(route + " with " + wrong).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Basic"));
            assertThat(response.body()).doesNotContain(TestGateway.ADMIN_PASSWORD);
        }
    }

    @ParameterizedTest
    @MethodSource("protectedRoutes")
    void everyMethodOnEveryOtherRouteRefusesCallersWithoutCredentials(String route) throws Exception {
        for (String method : new String[] {"POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(gateway.adminUri(route))
                    .method(method, HttpRequest.BodyPublishers.ofString("{\"mode\":4,\"force\":true,\"reason\":\"x\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(method + " " + route).isEqualTo(401);
        }
    }

    @Test
    void protectedRoutesAnswerWithTheAdminCredentials() throws Exception {
        for (String route : AdminServer.PROTECTED_ROUTES) {
            assertThat(admin(route, GOOD).statusCode()).as(route).isEqualTo(200);
        }
        assertThat(admin("/admin/does-not-exist", GOOD).statusCode()).isEqualTo(404);
    }

    @Test
    void healthzAnswersAnyoneAndSaysNothingElse() throws Exception {
        HttpResponse<String> response = admin("/healthz", null);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"status\":\"ok\"}"));
    }

    @Test
    void readyzReportsDatabaseAndLegacyWithoutCredentials() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/")).willReturn(aResponse().withStatus(404)));
        HttpResponse<String> response = admin("/readyz", null);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree(
                "{\"status\":\"ready\",\"checks\":{\"database\":\"up\",\"legacyClient\":\"up\",\"legacy\":\"up\"}}"));
    }

    @Test
    void readyzIsNotReadyWhenTheLegacyHostIsDownAndRevealsNoAddress() throws Exception {
        int closedPort = Loopback.closedPort();
        try (TestGateway orphan = TestGateway.start("http://127.0.0.1:" + closedPort)) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(orphan.adminUri("/readyz")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(503);
            JsonNode body = JSON.readTree(response.body());
            assertThat(body.get("checks").get("legacy").asText()).isEqualTo("down");
            assertThat(body.get("checks").get("legacyClient").asText()).as("its own client still runs").isEqualTo("up");
            assertThat(body.get("checks").get("database").asText()).isEqualTo("up");
            assertThat(response.body()).doesNotContain("127.0.0.1").doesNotContain(Integer.toString(closedPort));
        }
    }

    @Test
    void metricsCountRequestsByRouteClassMethodAndStatusAndUpstreamErrors() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/metrics-ok")).willReturn(aResponse().withStatus(200)));
        legacy.stubFor(any(urlPathEqualTo("/api/metrics-reset")).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        for (int i = 0; i < 3; i++) {
            client.send(HttpRequest.newBuilder(gateway.uri("/api/metrics-ok")).build(), HttpResponse.BodyHandlers.discarding());
        }
        client.send(HttpRequest.newBuilder(gateway.uri("/api/metrics-reset")).DELETE().build(), HttpResponse.BodyHandlers.discarding());

        HttpResponse<String> response = admin("/metrics", GOOD);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
        String metrics = response.body();
        assertThat(metrics).containsPattern(
                "gateway_requests_seconds_count\\{method=\"GET\",route_class=\"passthrough\",status=\"200\"} [3-9]");
        assertThat(metrics).contains("gateway_requests_seconds_bucket{method=\"GET\",route_class=\"passthrough\",status=\"200\",le=\"0.005\"}");
        assertThat(metrics).containsPattern(
                "gateway_requests_seconds_count\\{method=\"DELETE\",route_class=\"passthrough\",status=\"502\"} 1");
        assertThat(metrics).containsPattern("gateway_upstream_errors_total\\{kind=\"unreachable\",upstream=\"legacy\"} 1\\.0");
        assertThat(metrics).containsPattern("resilience4j_circuitbreaker_state\\{name=\"legacy\",state=\"closed\"} 1\\.0");
        assertThat(metrics).contains("jvm_memory_used_bytes");
    }

    @Test
    void infoNamesVersionUpstreamAndBreakerButNoSecrets() throws Exception {
        JsonNode info = JSON.readTree(admin("/admin/info", GOOD).body());
        assertThat(info.get("version").asText()).isNotBlank();
        assertThat(info.get("legacyUrl").asText()).isEqualTo(legacy.baseUrl());
        assertThat(info.get("legacyCircuitBreaker").asText()).isEqualTo("CLOSED");
        assertThat(info.toString()).doesNotContain(TestGateway.ADMIN_PASSWORD);
    }

    @Test
    void nodesListsThisGatewayFromTheDatabase() throws Exception {
        JsonNode nodes = JSON.readTree(admin("/admin/nodes", GOOD).body());
        assertThat(nodes).hasSize(1);
        assertThat(nodes.get(0).get("nodeId").asText()).isEqualTo(gateway.gateway().nodeId());
    }

    @Test
    void insecureAdminServesEveryRouteWithoutCredentials() throws Exception {
        try (TestGateway open = TestGateway.start(legacy.baseUrl(),
                Map.of("admin.insecure", "true", "admin.password", ""))) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(open.adminUri("/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void adminPortIsNotReachableThroughThePublicPort() throws Exception {
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(404).withBody("legacy 404")));
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(gateway.uri("/metrics").toString()))
                .header("Authorization", GOOD).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.body()).isEqualTo("legacy 404");
    }
}
