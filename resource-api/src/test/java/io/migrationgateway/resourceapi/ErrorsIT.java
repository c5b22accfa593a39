package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageUnavailableException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Failures that are not the caller's: a Status with a generic message, never a stack trace or internal detail. */
class ErrorsIT {
    static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer(ResourceApiSettings.defaults(), store -> new ForwardingStore(store) {
            @Override
            public ObjectNode get(ObjectKey key) {
                return switch (key.name()) {
                    case "boom" -> throw new IllegalStateException("internal detail: pool stats 3/8");
                    case "db-down" -> throw new StorageUnavailableException("jdbc:postgresql://db:5432 refused", null);
                    default -> super.get(key);
                };
            }

            @Override
            public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
                if (key.name().equals("boom")) {
                    throw new IllegalStateException("internal detail: lock table 7");
                }
                return super.guaranteedUpdate(key, change);
            }
        });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void unexpectedFailureIsInternalErrorNamingTheRequestId() {
        ApiServer.Response response = server.get(DASHBOARDS + "/boom", "X-Request-Id", "req-boom-1");
        assertThat(response.status()).isEqualTo(500);
        JsonNode status = response.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("reason").asText()).isEqualTo("InternalError");
        assertThat(status.path("message").asText()).contains("req-boom-1").doesNotContain("pool");
        assertThat(response.body()).doesNotContain("at io.migrationgateway");
    }

    @Test
    void failureOfAWriteIsInternalErrorToo() {
        ApiServer.Response response = server.send("PUT", DASHBOARDS + "/boom", ApiServer.ADMIN, "application/json",
                "{\"metadata\":{\"name\":\"boom\"},\"spec\":{\"title\":\"B\"}}", "X-Request-Id", "req-boom-2");
        assertThat(response.status()).isEqualTo(500);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.json().path("reason").asText()).isEqualTo("InternalError");
        assertThat(response.json().path("message").asText()).contains("req-boom-2");
        assertThat(response.body()).doesNotContain("lock table").doesNotContain("at io.migrationgateway");
    }

    @Test
    void requestIdIsMadeWhenTheGatewayGaveNone() {
        ApiServer.Response response = server.get(DASHBOARDS + "/boom");
        assertThat(response.header("X-Request-Id")).isNotEmpty();
        assertThat(response.json().path("message").asText()).contains(response.header("X-Request-Id"));
    }

    @Test
    void storageDownIsServiceUnavailable() {
        ApiServer.Response response = server.get(DASHBOARDS + "/db-down");
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.json().path("reason").asText()).isEqualTo("ServiceUnavailable");
        assertThat(response.body()).doesNotContain("jdbc");
    }

    @Test
    void identitySourceDownIsServiceUnavailable() {
        ApiServer.Response response = server.send("GET", DASHBOARDS, ApiServer.ACCESS_DOWN, null, null);
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.json().path("reason").asText()).isEqualTo("ServiceUnavailable");
        assertThat(response.body()).doesNotContain("10.1.2.3");
    }
}
