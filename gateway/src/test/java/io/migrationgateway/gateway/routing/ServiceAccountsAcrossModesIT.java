package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.compare.StructuralDiff;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.SimulatedDeployment;
import io.migrationgateway.legacysim.auth.ServiceAccountToken;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.testsupport.TestDatabase;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTranslator;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every legacy operation on service accounts, sent through the gateway in mode 0 (the legacy deployment answers) and
 * again in mode 3 (the translator answers from unified storage, and the write is copied to the legacy tables): the
 * answers agree, status and body, up to the route's comparison rules and the times and ids by which two accounts made
 * minutes apart differ. A token made in mode 3 works on the legacy side, and the account is gone from the legacy
 * tables once deleted.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ServiceAccountsAcrossModesIT {
    private static final String ADMIN_PASSWORD = "admin-secret";
    private static final String ADMIN = Http.basic("admin", ADMIN_PASSWORD);
    private static final String RESOURCE = "serviceaccounts.iam.grafana.app";
    /** What two separately made accounts differ in: their creation times, ids, and tokens' times. */
    private static final ComparisonRules MADE_APART = ComparisonRules.of(List.of("$.createdAt", "$.serviceaccount.createdAt",
            "$.id", "$.serviceaccount.id", "$.serviceAccounts[*].id", "$[*].id", "$[*].created", "$[*].expiration",
            "$.avatarUrl", "$.serviceaccount.avatarUrl", "$.serviceAccounts[*].avatarUrl"), List.of());
    private static final ServiceAccountTranslator TRANSLATOR = new ServiceAccountTranslator(new TranslatorSettings(
            Namespaces.onPrem(), sequence -> 1, UserIdentities.byLogin(), Clock.systemUTC(), new Random()));

    private static SimulatedDeployment deployment;
    private final Http http = new Http();

    /** One operation: its route, method, path (with {id} and {tokenId} from earlier answers) and body. */
    private record Step(LegacyRoute route, String method, String path, String body) {
    }

    private static final List<Step> SCRIPT = List.of(
            new Step(ServiceAccountTranslator.CREATE, "POST", "/api/serviceaccounts", "{\"name\":\"Across Modes\",\"role\":\"Editor\"}"),
            new Step(ServiceAccountTranslator.CREATE, "POST", "/api/serviceaccounts", "{\"name\":\"Across Modes\",\"role\":\"Editor\"}"),
            new Step(ServiceAccountTranslator.CREATE, "POST", "/api/serviceaccounts", "{\"name\":\"Bad Role\",\"role\":\"Owner\"}"),
            new Step(ServiceAccountTranslator.SEARCH, "GET", "/api/serviceaccounts/search?query=across&perpage=10&page=1", null),
            new Step(ServiceAccountTranslator.GET, "GET", "/api/serviceaccounts/{id}", null),
            new Step(ServiceAccountTranslator.GET, "GET", "/api/serviceaccounts/999999", null),
            new Step(ServiceAccountTranslator.GET, "GET", "/api/serviceaccounts/not-a-number", null),
            new Step(ServiceAccountTranslator.UPDATE, "PATCH", "/api/serviceaccounts/{id}", "{\"name\":\"Across Modes\",\"role\":\"Viewer\"}"),
            new Step(ServiceAccountTranslator.UPDATE, "PATCH", "/api/serviceaccounts/{id}", "{\"isDisabled\":\"yes\"}"),
            new Step(ServiceAccountTranslator.UPDATE, "PATCH", "/api/serviceaccounts/{id}", "{\"role\":\"Owner\"}"),
            new Step(ServiceAccountTranslator.CREATE_TOKEN, "POST", "/api/serviceaccounts/{id}/tokens",
                    "{\"name\":\"across-token\",\"secondsToLive\":3600}"),
            new Step(ServiceAccountTranslator.CREATE_TOKEN, "POST", "/api/serviceaccounts/{id}/tokens", "{\"name\":\"across-token\"}"),
            new Step(ServiceAccountTranslator.TOKENS, "GET", "/api/serviceaccounts/{id}/tokens", null),
            new Step(ServiceAccountTranslator.DELETE_TOKEN, "DELETE", "/api/serviceaccounts/{id}/tokens/{tokenId}", null),
            new Step(ServiceAccountTranslator.DELETE_TOKEN, "DELETE", "/api/serviceaccounts/{id}/tokens/{tokenId}", null),
            new Step(ServiceAccountTranslator.TOKENS, "GET", "/api/serviceaccounts/{id}/tokens", null),
            new Step(ServiceAccountTranslator.DELETE, "DELETE", "/api/serviceaccounts/{id}", null),
            new Step(ServiceAccountTranslator.DELETE, "DELETE", "/api/serviceaccounts/{id}", null),
            new Step(ServiceAccountTranslator.GET, "GET", "/api/serviceaccounts/{id}", null));

    @BeforeAll
    static void start() {
        deployment = SimulatedDeployment.start(ADMIN_PASSWORD, "glsa_acrossmodes0123456789abcdefg_5eed5eed",
                Map.of("legacy.database-url", "SIM"));
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void everyLegacyOperationAnswersInModeThreeAsInModeZero() throws Exception {
        AdminClient admin = new AdminClient(deployment.gateway());
        List<Answer> legacy = run(false);
        admin.forceMode(RESOURCE, null, 3);
        try {
            List<Answer> translated = run(true);
            for (int i = 0; i < SCRIPT.size(); i++) {
                Step step = SCRIPT.get(i);
                StructuralDiff diff = new StructuralDiff(TRANSLATOR.legacyRules(step.route()).with(MADE_APART), List.of(), 200);
                List<Difference> differences = diff.compare(legacy.get(i), translated.get(i));
                assertThat(differences).as("%s %s: mode 0 %s, mode 3 %s", step.method(), step.path(), text(legacy.get(i)),
                        text(translated.get(i))).isEmpty();
            }
        } finally {
            admin.forceMode(RESOURCE, null, 0);
        }
        assertThat(deployment.legacyRowCount("\"user\"", "login = 'sa-across-modes'")).as("deleted on the legacy side too").isZero();
    }

    @Test
    void legacyWritesInModeTwoReachUnifiedStorageWithTheTokensHashAndADeleteByIdDeletesThere() throws Exception {
        AdminClient admin = new AdminClient(deployment.gateway());
        admin.forceMode(RESOURCE, null, 2);
        try {
            long id = http.exchange(deployment.gateway().uri("/api/serviceaccounts"), "POST", ADMIN, "{\"name\":\"Mode Two\"}",
                    "Content-Type", "application/json").json().path("id").asLong();
            Http.Answer token = http.exchange(deployment.gateway().uri("/api/serviceaccounts/" + id + "/tokens"), "POST", ADMIN,
                    "{\"name\":\"mode-two-token\"}", "Content-Type", "application/json");
            assertThat(token.status()).as(token.text()).isEqualTo(200);
            String hash = ServiceAccountToken.parse(token.json().path("key").asText()).orElseThrow().hash();
            assertThat(unifiedRows("sa-mode-two", hash)).as("the account in unified storage, with the token's hash").isEqualTo(1);

            Http.Answer deleted = http.exchange(deployment.gateway().uri("/api/serviceaccounts/" + id), "DELETE", ADMIN, null);
            assertThat(deleted.status()).as(deleted.text()).isEqualTo(200);
            assertThat(unifiedRows("sa-mode-two", "")).as("deleted in unified storage too").isZero();
        } finally {
            admin.forceMode(RESOURCE, null, 0);
        }
    }

    /** Unified storage's current objects named {@code name} whose stored text contains {@code text}. */
    private static int unifiedRows(String name, String text) throws Exception {
        try (Connection c = TestDatabase.connect();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + deployment.gateway().schema()
                     + ".resource WHERE resource = 'serviceaccounts' AND name = ? AND position(? in value) > 0")) {
            ps.setString(1, name);
            ps.setString(2, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The script's answers; in mode 3, the token made is checked on the legacy side (the simulator itself). */
    private List<Answer> run(boolean modeThree) throws Exception {
        Map<String, String> variables = new HashMap<>();
        List<Answer> answers = new ArrayList<>();
        for (Step step : SCRIPT) {
            String path = step.path();
            for (Map.Entry<String, String> variable : variables.entrySet()) {
                path = path.replace("{" + variable.getKey() + "}", variable.getValue());
            }
            long start = System.nanoTime();
            Http.Answer answer = step.body() == null
                    ? http.exchange(deployment.gateway().uri(path), step.method(), ADMIN, null)
                    : http.exchange(deployment.gateway().uri(path), step.method(), ADMIN, step.body(), "Content-Type", "application/json");
            answers.add(new Answer(answer.status(), answer.text().getBytes(StandardCharsets.UTF_8), (System.nanoTime() - start) / 1e9));
            if (answer.status() == 201 && step.route() == ServiceAccountTranslator.CREATE) {
                variables.put("id", answer.json().path("id").asText());
            }
            if (answer.status() == 200 && step.route() == ServiceAccountTranslator.CREATE_TOKEN) {
                JsonNode token = answer.json();
                variables.put("tokenId", token.path("id").asText());
                if (modeThree) {
                    assertThat(http.exchange(java.net.URI.create(deployment.sim().baseUrl() + "/api/search"), "GET", "Bearer " + token.path("key").asText(),
                            null).status()).as("the token made in mode 3, on the legacy side").isEqualTo(200);
                }
            }
        }
        return answers;
    }

    private static String text(Answer answer) {
        return answer.status() + " " + new String(answer.body(), StandardCharsets.UTF_8);
    }
}
