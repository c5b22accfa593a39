package io.migrationgateway.gateway.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.GatewayProcess;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CVE-2019-1002100's shape against a gateway with a small heap, in a process of its own: a JSON Patch of a kilobyte
 * whose {@code copy} operations each double the object. The gateway refuses it at once with 413, before the object
 * grows, and goes on serving; the object is as it was. In mode 0 (written through the legacy API) and in mode 4
 * (unified storage).
 */
class PatchAmplificationIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_patchamplification0123456_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String schema;
    private static LegacySim sim;
    private static GatewayProcess gateway;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() throws Exception {
        schema = TestDatabase.newSchema();
        sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, ADMIN_PASSWORD, TOKEN, true));
        gateway = GatewayProcess.start(sim.baseUrl(), List.of("-Xmx96m", "-XX:+UseSerialGC"), Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        if (gateway != null) {
            gateway.close();
        }
        if (sim != null) {
            sim.close();
        }
        TestDatabase.dropSchema(schema);
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {0, 4})
    void aPatchWhoseCopiesDoubleTheObjectIsRefusedAtOnceAndTheGatewayServesOn(int mode) throws Exception {
        new AdminClient(gateway).forceMode("dashboards.dashboard.grafana.app", null, mode);
        String name = "amplified-" + mode;
        HttpResponse<String> created = send("POST", DASHBOARDS.substring(0, DASHBOARDS.length() - 1), "application/json",
                "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"" + name
                        + "\"},\"spec\":{\"title\":\"Amplified\",\"panels\":[{\"id\":1,\"title\":\"" + "p".repeat(1000) + "\"}]}}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        StringBuilder patch = new StringBuilder("[");
        for (int i = 0; i < 25; i++) {
            patch.append(i == 0 ? "" : ",").append("{\"op\":\"copy\",\"from\":\"/spec\",\"path\":\"/spec/c").append(i).append("\"}");
        }
        long started = System.nanoTime();

        HttpResponse<String> refused = send("PATCH", DASHBOARDS + name, "application/json-patch+json", patch.append("]").toString());

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        JsonNode status = JSON.readTree(refused.body());
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("reason").asText()).isEqualTo("RequestEntityTooLarge");
        assertThat(status.path("message").asText()).contains("copies add up to more than the limit");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThat(gateway.awaitExit(Duration.ZERO)).as("still running").isEmpty();
        HttpResponse<String> kept = send("GET", DASHBOARDS + name, null, null);
        assertThat(kept.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(kept.body()).path("spec").has("c0")).isFalse();
        assertThat(send("GET", "/api/health", null, null).statusCode()).isEqualTo(200);
    }

    @Test
    void aPatchOfMoreThanTenThousandOperationsIsRefused() throws Exception {
        assertThat(send("POST", DASHBOARDS.substring(0, DASHBOARDS.length() - 1), "application/json",
                "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"many-ops\"},"
                        + "\"spec\":{\"title\":\"Many\"}}").statusCode()).isEqualTo(201);
        StringBuilder patch = new StringBuilder("[");
        for (int i = 0; i <= 10_000; i++) {
            patch.append(i == 0 ? "" : ",").append("{\"op\":\"test\",\"path\":\"/spec/title\",\"value\":\"Many\"}");
        }

        HttpResponse<String> refused = send("PATCH", DASHBOARDS + "many-ops", "application/json-patch+json",
                patch.append("]").toString());

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
        assertThat(JSON.readTree(refused.body()).path("message").asText())
                .isEqualTo("The allowed maximum operations in a JSON patch is 10000, got 10001");
        assertThat(gateway.awaitExit(Duration.ZERO)).isEmpty();
    }

    private HttpResponse<String> send(String method, String path, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway.uri(path).toString())).timeout(Duration.ofSeconds(60))
                .header("Authorization", ADMIN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
