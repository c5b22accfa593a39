package io.migrationgateway.gateway.dualwrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.demo.Demo;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.Http.Answer;
import io.migrationgateway.gateway.testing.Kubectl;
import io.migrationgateway.testsupport.Loopback;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Service accounts in mode 3 on the demo: a token made or revoked through the gateway, on the Resource API or a
 * legacy route, counts at once on both sides, for legacy calls (the legacy deployment checks its {@code api_key}
 * rows) and for the Resource API (folders, served from unified storage in mode 4: the gateway asks the legacy side
 * who the caller is, and forgets what it cached);
 * a token's text is handed out once, in the answer of the write that made it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ServiceAccountTokensAcrossSidesIT {
    private static final String RESOURCE = "serviceaccounts.iam.grafana.app";
    private static final String ACCOUNTS = "/apis/iam.grafana.app/v0alpha1/namespaces/default/serviceaccounts";
    private static final String LEGACY_CALL = "/api/playlists"; // playlists stay in mode 0: the legacy side answers
    private static final String RESOURCE_API_RESOURCE = "folders.folder.grafana.app";
    private static final String RESOURCE_API_CALL = "/apis/folder.grafana.app/v1beta1/namespaces/default/folders";
    private static final Duration AT_ONCE = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    private Demo demo;
    private String admin;
    private Path home;
    private final Http http = new Http();

    @BeforeAll
    void start(@TempDir Path directory) throws Exception {
        home = Files.createDirectory(directory.resolve("home"));
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, Loopback.closedPort(), directory.resolve("data"), Optional.empty(),
                Optional.empty(), Optional.empty()), Map.of());
        admin = Http.basic("admin", demo.credentials().legacyAdminPassword());
        AdminClient.of(demo).forceMode(RESOURCE, null, 3);
        // served from unified storage, a Resource API call is authenticated by the gateway's identity check alone
        AdminClient.of(demo).forceMode(RESOURCE_API_RESOURCE, null, 4);
    }

    @AfterAll
    void stop() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void aTokenMadeOnTheResourceApiWorksOnBothSidesAtOnceAndRevokedFailsOnBoth() throws Exception {
        Answer created = send("POST", ACCOUNTS, admin, account("Deploy Bot", "[{\"name\":\"deploy\"}]"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String secret = created.json().at("/status/tokens/0/secret").asText();
        assertThat(secret).startsWith("glsa_");

        assertWorksOnBothSidesWithin(secret, AT_ONCE);
        JsonNode stored = send("GET", ACCOUNTS + "/sa-deploy-bot", admin, null).json();
        assertThat(stored.toString()).doesNotContain(secret).doesNotContain("\"secret\"");
        assertThat(stored.at("/status/tokens/0/hash").asText()).hasSize(100);

        JsonNode revoked = stored.deepCopy();
        ((ObjectNode) revoked.path("spec")).putArray("tokens");
        Answer updated = send("PUT", ACCOUNTS + "/sa-deploy-bot", admin, revoked.toString());
        assertThat(updated.status()).as(updated.text()).isEqualTo(200);
        assertFailsOnBothSides(secret);
    }

    @Test
    void aTokenMadeOnALegacyRouteWorksOnBothSidesAndItsDeletionEndsItOnBoth() throws Exception {
        Answer created = send("POST", "/api/serviceaccounts", admin, "{\"name\":\"Legacy Bot\",\"role\":\"Editor\"}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        long id = created.json().path("id").asLong();
        Answer token = send("POST", "/api/serviceaccounts/" + id + "/tokens", admin, "{\"name\":\"legacy-made\"}");
        assertThat(token.status()).as(token.text()).isEqualTo(200);
        String secret = token.json().path("key").asText();

        assertWorksOnBothSidesWithin(secret, AT_ONCE);
        Answer deleted = send("DELETE", "/api/serviceaccounts/" + id + "/tokens/" + token.json().path("id").asLong(), admin, null);
        assertThat(deleted.status()).as(deleted.text()).isEqualTo(200);
        assertFailsOnBothSides(secret);
    }

    @Test
    void changingATokensExpiryWithKubectlApplyRotatesItAndHandsTheNewSecretOutOnce() throws Exception {
        assumeTrue(Kubectl.installed(), "kubectl is not installed");
        Kubectl kubectl = new Kubectl(demo.kubeconfig().orElseThrow(), home);
        Path manifest = home.resolve("rotating.yaml");
        Files.writeString(manifest, manifest("2030-01-01T00:00:00Z"));
        String first = secretOf(kubectl.ok("apply", "-o", "json", "-f", manifest.toString()));
        assertWorksOnBothSidesWithin(first, AT_ONCE);

        Files.writeString(manifest, manifest("2031-06-01T00:00:00Z"));
        String second = secretOf(kubectl.ok("apply", "-o", "json", "-f", manifest.toString()));
        assertThat(second).isNotEqualTo(first);
        assertFailsOnBothSides(first);
        assertWorksOnBothSidesWithin(second, AT_ONCE);

        String read = kubectl.ok("get", RESOURCE, "sa-rotating-bot", "-o", "json");
        assertThat(read).doesNotContain(second).doesNotContain("glsa_").contains("2031-06-01T00:00:00Z");
        assertThat(kubectl.ok("apply", "-o", "json", "-f", manifest.toString())).doesNotContain("glsa_");
    }

    @Test
    void aTokenRevokedOnALegacyRouteInModeZeroFailsOnTheResourceApiAtOnce() throws Exception {
        AdminClient.of(demo).forceMode(RESOURCE, null, 0);
        try {
            long id = send("POST", "/api/serviceaccounts", admin, "{\"name\":\"Mode Zero Bot\"}").json().path("id").asLong();
            Answer token = send("POST", "/api/serviceaccounts/" + id + "/tokens", admin, "{\"name\":\"mode-zero\"}");
            String secret = token.json().path("key").asText();
            assertWorksOnBothSidesWithin(secret, AT_ONCE); // the gateway now holds the identity in its cache

            assertThat(send("DELETE", "/api/serviceaccounts/" + id + "/tokens/" + token.json().path("id").asLong(), admin, null)
                    .status()).isEqualTo(200);
            assertFailsOnBothSides(secret);
        } finally {
            AdminClient.of(demo).forceMode(RESOURCE, null, 3);
        }
    }

    @Test
    void anAccountTheLegacySideCouldNotHoldIsRefusedWithAStatusAndNothingIsMade() throws Exception {
        String named = "{\"apiVersion\":\"iam.grafana.app/v0alpha1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"admin\"},"
                + "\"spec\":{\"title\":\"Not Admin\",\"role\":\"Viewer\",\"disabled\":false,\"tokens\":[]}}";
        Answer wrongName = send("POST", ACCOUNTS, admin, named);
        assertThat(wrongName.status()).as(wrongName.text()).isEqualTo(422);
        assertThat(wrongName.json().path("kind").asText()).isEqualTo("Status");
        assertThat(wrongName.json().path("message").asText()).contains("sa-not-admin");

        Answer twice = send("POST", ACCOUNTS, admin, account("Twice Bot", "[{\"name\":\"same\"},{\"name\":\"same\"}]"));
        assertThat(twice.status()).as(twice.text()).isEqualTo(422);
        assertThat(twice.json().path("message").asText()).contains("Duplicate value");
        assertThat(send("GET", ACCOUNTS + "/sa-twice-bot", admin, null).status()).isEqualTo(404);
        assertThat(send("GET", "/api/serviceaccounts/search?query=twice", admin, null).json().path("totalCount").asInt()).isZero();
    }

    @Test
    void theGatewaysOwnIdentityCheckWorksWithServiceAccountsInEveryMode() throws Exception {
        String seeded = "Bearer " + demo.credentials().legacyToken();
        try {
            for (int mode = 0; mode <= 5; mode++) {
                AdminClient.of(demo).forceMode(RESOURCE, null, mode);
                assertThat(send("GET", "/api/user", seeded, null).status()).as("/api/user in mode %d", mode).isEqualTo(200);
                assertThat(send("GET", RESOURCE_API_CALL, seeded, null).status()).as("/apis in mode %d", mode).isEqualTo(200);
            }
        } finally {
            AdminClient.of(demo).forceMode(RESOURCE, null, 3);
        }
    }

    private static String manifest(String expires) {
        return """
                apiVersion: iam.grafana.app/v0alpha1
                kind: ServiceAccount
                metadata:
                  name: sa-rotating-bot
                spec:
                  title: Rotating Bot
                  role: Viewer
                  disabled: false
                  tokens:
                  - name: rotating
                    expires: "%s"
                """.formatted(expires);
    }

    private static String secretOf(String applied) throws Exception {
        String secret = JSON.readTree(applied).at("/status/tokens/0/secret").asText();
        assertThat(secret).as(applied).startsWith("glsa_");
        return secret;
    }

    private static String account(String title, String tokens) {
        return "{\"apiVersion\":\"iam.grafana.app/v0alpha1\",\"kind\":\"ServiceAccount\",\"metadata\":{},\"spec\":{\"title\":\""
                + title + "\",\"role\":\"Editor\",\"disabled\":false,\"tokens\":" + tokens + "}}";
    }

    /** A legacy call and a Resource API call with the token both answer 200 within {@code within}. */
    private void assertWorksOnBothSidesWithin(String secret, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        int legacy;
        int resourceApi;
        do {
            legacy = send("GET", LEGACY_CALL, "Bearer " + secret, null).status();
            resourceApi = send("GET", RESOURCE_API_CALL, "Bearer " + secret, null).status();
        } while ((legacy != 200 || resourceApi != 200) && System.nanoTime() < deadline);
        assertThat(legacy).as("the legacy call").isEqualTo(200);
        assertThat(resourceApi).as("the Resource API call").isEqualTo(200);
    }

    /** At once: no wait for a cache to age. */
    private void assertFailsOnBothSides(String secret) throws Exception {
        assertThat(send("GET", LEGACY_CALL, "Bearer " + secret, null).status()).as("the legacy call").isEqualTo(401);
        assertThat(send("GET", RESOURCE_API_CALL, "Bearer " + secret, null).status()).as("the Resource API call").isEqualTo(401);
    }

    private Answer send(String method, String path, String authorization, String body) throws Exception {
        return body == null ? http.exchange(demo.publicUrl().resolve(path), method, authorization, null)
                : http.exchange(demo.publicUrl().resolve(path), method, authorization, body, "Content-Type", "application/json");
    }
}
