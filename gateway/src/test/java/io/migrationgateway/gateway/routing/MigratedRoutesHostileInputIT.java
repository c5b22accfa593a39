package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input to the legacy routes of resources in mode 4, answered from unified storage: each probe gets the legacy
 * side's kind of answer for a caller's mistake, {@code {"message": ...}} with a 4xx, never a 5xx or a stack trace, and
 * writes nothing.
 */
class MigratedRoutesHostileInputIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String TOKEN = "glsa_hostileinput0123456789abcd_5eed5eed";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);

    private static SimulatedDeployment deployment;
    private final Http http = new Http();

    @BeforeAll
    static void start() throws Exception {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, java.util.Map.of());
        AdminClient admin = new AdminClient(deployment.gateway());
        admin.forceEveryResource(4);
    }

    @AfterAll
    static void stop() throws Exception {
        deployment.close();
    }

    /** probe, method, path, body, expected status, words the answer's message holds */
    static Stream<Arguments> probes() {
        return Stream.of(
                Arguments.of("NUL in a dashboard uid", "GET", "/api/dashboards/uid/a%00b", null, 400, "cannot be stored"),
                Arguments.of("NUL in a folder uid", "GET", "/api/folders/a%00b", null, 400, "cannot be stored"),
                Arguments.of("NUL in a playlist uid", "GET", "/api/playlists/a%00b", null, 400, "cannot be stored"),
                Arguments.of("NUL in a deleted uid", "DELETE", "/api/dashboards/uid/a%00b", null, 400, "cannot be stored"),
                Arguments.of("NUL in a search query", "GET", "/api/search?query=a%00b", null, 400, "cannot be stored"),
                Arguments.of("a number out of a float64's range", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"uid\":\"infinite\",\"title\":\"x\",\"refresh\":1e999999}}", 400, "bad request data"),
                Arguments.of("a huge integer", "POST", "/api/dashboards/db",
                        "{\"dashboard\":{\"uid\":\"infinite\",\"title\":\"x\",\"id\":1" + "0".repeat(400) + "}}", 400, "bad request data"),
                Arguments.of("a body that is not JSON", "POST", "/api/dashboards/db", "{\"dashboard\": <script>", 400, "bad request data"),
                Arguments.of("a folder body that is not JSON", "POST", "/api/folders", "[", 400, "bad request data"),
                Arguments.of("a playlist body of the wrong shape", "POST", "/api/playlists", "{\"items\":7}", 400, "bad request data"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void eachProbeIsTheCallersMistakeInTheLegacyWords(String probe, String method, String path, String body, int status,
                                                      String words) throws Exception {
        Answer answer = http.exchange(deployment.gateway().uri(path), method, ADMIN, body);

        assertThat(answer.status()).as(answer.text()).isEqualTo(status);
        assertThat(answer.json().path("message").asText()).as(answer.text()).contains(words);
        assertThat(answer.text()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(deployment.legacyRows("dashboard", "infinite")).isZero();
        assertThat(http.exchange(deployment.gateway().uri("/api/dashboards/uid/infinite"), "GET", ADMIN, null).status()).isEqualTo(404);
    }

    @org.junit.jupiter.api.Test
    void aModeTwoSaveLargerThanUnifiedStorageKeepsIsRefusedBeforeTheLegacySideTakesIt() throws Exception {
        try (SimulatedDeployment small = SimulatedDeployment.start(ADMIN_PASSWORD, TOKEN, java.util.Map.of("resource-api.max-object-bytes", "4096"))) {
            new AdminClient(small.gateway()).forceMode("dashboards.dashboard.grafana.app", null, 2);

            Answer refused = http.exchange(small.gateway().uri("/api/dashboards/db"), "POST", ADMIN,
                    "{\"dashboard\":{\"uid\":\"too-big\",\"title\":\"" + "x".repeat(8192) + "\"}}");

            assertThat(refused.status()).as(refused.text()).isEqualTo(413);
            assertThat(refused.json().path("message").asText()).contains("4096");
            assertThat(small.legacyRows("dashboard", "too-big")).as("the legacy side never saw it").isZero();
        }
    }
}
