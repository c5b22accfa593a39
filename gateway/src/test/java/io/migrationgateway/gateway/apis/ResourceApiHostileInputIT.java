package io.migrationgateway.gateway.apis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input to the Resource API, in mode 0 (answered over the legacy API) and mode 4 (unified storage): each probe
 * gets a Kubernetes {@code Status} with a 4xx and the apiserver's reason, never a 5xx, a stack trace or the parser's
 * own words, and writes nothing.
 */
class ResourceApiHostileInputIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_hostileapis0123456789abcde_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";
    private static final String OBJECT = "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\","
            + "\"metadata\":{\"name\":\"hostile\"},\"spec\":{\"title\":\"Hostile\"}}";

    private static SimulatedDeployment deployment;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of());
        admin = new AdminClient(deployment.gateway());
    }

    @AfterAll
    static void stop() {
        deployment.close();
    }

    /** probe, method, path, content type, body, expected status, expected reason */
    static Stream<Arguments> probes() {
        String nested = "[".repeat(100_000) + "]".repeat(100_000);
        return Stream.of(
                Arguments.of("NUL in a name", "GET", DASHBOARDS + "/a%00b", null, null, 400, "BadRequest"),
                Arguments.of("NUL in a field selector", "GET", DASHBOARDS + "?fieldSelector=metadata.name%3Da%00b", null, null, 400, "BadRequest"),
                Arguments.of("a malformed label selector", "GET", DASHBOARDS + "?labelSelector=a%20in%20(", null, null, 400, "BadRequest"),
                Arguments.of("a forged continue token", "GET", DASHBOARDS + "?limit=1&continue=Zm9yZ2Vk", null, null, 400, "BadRequest"),
                Arguments.of("a number no double holds", "POST", DASHBOARDS, "application/json",
                        OBJECT.replace("\"Hostile\"", "\"Hostile\",\"refresh\":1e999999"), 400, "BadRequest"),
                Arguments.of("a body that is not JSON", "POST", DASHBOARDS, "application/json", "{\"metadata\": <script>", 400, "BadRequest"),
                Arguments.of("a body nested 100,000 deep", "POST", DASHBOARDS, "application/json", nested, 400, "BadRequest"),
                Arguments.of("a body over the request limit", "POST", DASHBOARDS, "application/json",
                        OBJECT.replace("\"Hostile\"", "\"" + "x".repeat(4 * 1024 * 1024) + "\""), 413, "RequestEntityTooLarge"),
                Arguments.of("a strategic merge patch", "PATCH", DASHBOARDS + "/hostile", "application/strategic-merge-patch+json", "{}", 415,
                        "UnsupportedMediaType"),
                Arguments.of("a name the kind refuses", "POST", DASHBOARDS, "application/json",
                        OBJECT.replace("\"name\":\"hostile\"", "\"name\":\"../etc\""), 400, "BadRequest|Invalid"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void eachProbeIsTheCallersMistakeAsAStatusInEveryMode(String probe, String method, String path, String type, String body, int status,
                                                          String reason) throws Exception {
        for (int mode : new int[] {0, 4}) {
            admin.forceMode("dashboards.dashboard.grafana.app", null, mode);
            Answer answer = type == null ? http.exchange(deployment.gateway().uri(path), method, ADMIN, body)
                    : http.exchange(deployment.gateway().uri(path), method, ADMIN, body, "Content-Type", type);

            JsonNode json = answer.json();
            assertThat(json.path("kind").asText()).as("mode %d", mode).isEqualTo("Status");
            // a name the legacy side refuses is its 400 in mode 0, the apiserver's 422 Invalid in mode 4
            assertThat(json.path("reason").asText()).as("mode %d: %s", mode, answer.text()).matches(reason);
            assertThat(answer.status()).as("mode %d: %s", mode, answer.text())
                    .isEqualTo(json.path("reason").asText().equals("Invalid") ? 422 : status);
            assertThat(answer.text()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Unexpected character");
            assertThat(http.exchange(deployment.gateway().uri(DASHBOARDS + "/hostile"), "GET", ADMIN, null).status())
                    .as("mode %d: nothing written", mode).isEqualTo(404);
        }
    }

    @org.junit.jupiter.api.Test
    void aControlCharacterInTheCredentialsIsABadRequestWithABodyInTheApisConventionOnBothLanes() throws Exception {
        try (SimulatedDeployment chainOnly = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, Map.of("server.fast-pass-through", "false"))) {
            for (SimulatedDeployment lane : java.util.List.of(deployment, chainOnly)) {
                for (String path : java.util.List.of(DASHBOARDS, "/api/dashboards/uid/n1jR8vnnz", "/api/search")) {
                    io.migrationgateway.testsupport.RawHttp.Response answer = io.migrationgateway.testsupport.RawHttp.exchange(
                            lane.gateway().port(), "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer a\u0001b\r\n"
                                    + "Connection: close\r\n\r\n");

                    String which = (lane == deployment ? "fast lane " : "chain only ") + path;
                    assertThat(answer.status()).as(which).isEqualTo(400);
                    JsonNode body = new com.fasterxml.jackson.databind.ObjectMapper().readTree(answer.body());
                    assertThat(body.path("message").asText()).as(which).contains("control character");
                    assertThat(body.path("kind").asText()).as(which).isEqualTo(path.startsWith("/apis") ? "Status" : "");
                }
                assertThat(http.exchange(lane.gateway().uri("/api/search"), "GET", ADMIN, null).status())
                        .as("a head without one is served as before").isEqualTo(200);
            }
        }
    }
}
