package io.migrationgateway.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.gateway.testing.TestGateway;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A service-account token revoked through one replica stops working on the other's Resource API within a second,
 * not after the other's identity cache ages out ({@code legacy.identity-cache.ttl}, 10 s here): the replica that took
 * the write tells the others over the shared database.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class IdentityChangesAcrossReplicasIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    /** Served from unified storage in mode 4, so only the gateway's identity check, and its cache, authenticate it. */
    private static final String RESOURCE_API_CALL = "/apis/folder.grafana.app/v1beta1/namespaces/default/folders";
    private static final Duration WITHIN = Duration.ofSeconds(1);
    private final Http http = new Http();

    @Test
    void aTokenRevokedThroughOneReplicaFailsOnTheOthersResourceApiWithinASecond() throws Exception {
        Map<String, String> ttl = Map.of("legacy.identity-cache.ttl", "10s");
        try (SimulatedDeployment deployment = SimulatedDeployment.start(ADMIN_PASSWORD, "glsa_replicasforget0123456789abcd_5eed5eed", ttl);
             TestGateway other = TestGateway.replicaOf(deployment.gateway(), deployment.sim().baseUrl(), ttl)) {
            new AdminClient(deployment.gateway()).forceMode("folders.folder.grafana.app", null, 4);
            TestGateway first = deployment.gateway();
            long id = send(first, "POST", "/api/serviceaccounts", ADMIN, "{\"name\":\"Replica Bot\",\"role\":\"Viewer\"}")
                    .json().path("id").asLong();
            JsonNode token = send(first, "POST", "/api/serviceaccounts/" + id + "/tokens", ADMIN, "{\"name\":\"replicas\"}").json();
            String bearer = "Bearer " + token.path("key").asText();
            assertThat(statusWithin(other, bearer, 200)).as("the other replica, caching the identity").isEqualTo(200);
            assertThat(statusWithin(first, bearer, 200)).isEqualTo(200);

            assertThat(send(first, "DELETE", "/api/serviceaccounts/" + id + "/tokens/" + token.path("id").asLong(), ADMIN, null)
                    .status()).isEqualTo(200);

            assertThat(statusWithin(first, bearer, 401)).as("the replica that took the revocation").isEqualTo(401);
            assertThat(statusWithin(other, bearer, 401)).as("the other replica").isEqualTo(401);
        }
    }

    /** The Resource API call's status once it is {@code wanted}, or the last one after {@link #WITHIN}. */
    private int statusWithin(TestGateway gateway, String authorization, int wanted) throws Exception {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        int status;
        do {
            status = send(gateway, "GET", RESOURCE_API_CALL, authorization, null).status();
        } while (status != wanted && System.nanoTime() < deadline);
        return status;
    }

    private Http.Answer send(TestGateway gateway, String method, String path, String authorization, String body) throws Exception {
        return body == null ? http.exchange(gateway.uri(path), method, authorization, null)
                : http.exchange(gateway.uri(path), method, authorization, body, "Content-Type", "application/json");
    }
}
