package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.testsupport.RawHttp;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chunk framing check comes before every reader of a body, not only the proxy: a legacy save the gateway answers
 * or dual-writes itself is refused when its framing is malformed, even where Undertow's decoder would have read a whole
 * JSON body out of it, and saved when it is well-formed.
 */
class ChunkedWritesByModeIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";

    private static SimulatedDeployment deployment;

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, "glsa_chunkedtest0123456789abcdefg_5eed5eed", Map.of());
    }

    @AfterAll
    static void stop() {
        deployment.close();
    }

    @AfterEach
    void backToModeZero() throws Exception {
        new AdminClient(deployment.gateway()).forceMode(DASHBOARDS, null, 0);
    }

    private static RawHttp.Response save(String uid, String framedBody) throws Exception {
        return RawHttp.exchange(deployment.gateway().port(), "POST /api/dashboards/db HTTP/1.1\r\nHost: g\r\n"
                + "Authorization: " + Http.basic("admin", ADMIN_PASSWORD) + "\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n" + framedBody);
    }

    private static String dashboard(String uid) {
        return "{\"dashboard\":{\"uid\":\"" + uid + "\",\"title\":\"Chunked " + uid + "\",\"panels\":[],\"schemaVersion\":36},"
                + "\"message\":\"chunked\"}";
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {2, 4})
    void aSaveWithJunkAfterAChunkSizeIsRefusedAndSavedNowhere(int mode) throws Exception {
        new AdminClient(deployment.gateway()).forceMode(DASHBOARDS, null, mode);
        String uid = "chunked-junk-" + mode;
        String json = dashboard(uid);

        RawHttp.Response answer = save(uid, Integer.toHexString(json.length()) + "zz\r\n" + json + "\r\n0\r\n\r\n");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("malformed chunked request body");
        assertThat(deployment.legacyRows("dashboard", uid)).as("on the legacy side").isZero();
        assertThat(new Http().exchange(deployment.gateway().uri("/api/dashboards/uid/" + uid), "GET",
                Http.basic("admin", ADMIN_PASSWORD), null).status()).as("as the gateway serves it").isEqualTo(404);
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(ints = {2, 4})
    void aWellFormedChunkedSaveIsSaved(int mode) throws Exception {
        new AdminClient(deployment.gateway()).forceMode(DASHBOARDS, null, mode);
        String uid = "chunked-ok-" + mode;
        String json = dashboard(uid);
        String first = json.substring(0, 20);
        String rest = json.substring(20);

        RawHttp.Response answer = save(uid, Integer.toHexString(first.length()) + ";part=1\r\n" + first + "\r\n"
                + Integer.toHexString(rest.length()) + "\r\n" + rest + "\r\n0\r\n\r\n");

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(deployment.legacyRows("dashboard", uid)).as("on the legacy side").isEqualTo(mode == 2 ? 1 : 0);
        assertThat(new Http().exchange(deployment.gateway().uri("/api/dashboards/uid/" + uid), "GET",
                Http.basic("admin", ADMIN_PASSWORD), null).status()).as("as the gateway serves it").isEqualTo(200);
    }
}
