package io.migrationgateway.translators.serviceaccount;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The legacy routes answered from the Resource API (modes 3–5), in Grafana 9.3's shapes. */
class ServiceAccountTranslatorTest {
    /**
     * Where 9.3's answers and its OpenAPI document disagree knowingly: the read answers the profile DTO (the document
     * says ServiceAccountDTO), and the token list is a list (the document says one TokenDTO).
     */
    private static final Set<String> DEVIATIONS = Set.of(
            "retrieveServiceAccount /createdAt additionalProperties", "retrieveServiceAccount /updatedAt additionalProperties",
            "retrieveServiceAccount /teams additionalProperties", "listTokens / type",
            "createServiceAccount / status 400", "updateServiceAccount / status 409", "deleteServiceAccount / status 404");

    private final Fixtures fixtures = new Fixtures();
    private final ServiceAccountTranslator translator = new ServiceAccountTranslator(fixtures.settings());
    private final TranslatorRegistry registry = TranslatorRegistry.of(List.of(translator));

    private LegacyResponse send(String method, String path, String body) {
        return send(method, path, body, Fixtures.ADMIN);
    }

    private LegacyResponse send(String method, String path, String body, Caller caller) {
        int q = path.indexOf('?');
        RouteMatch match = registry.match(method, path).orElseThrow(() -> new AssertionError("no route " + method + " " + path));
        LegacyResponse response = translator.legacyPlan(match.request(q < 0 ? null : path.substring(q + 1),
                body == null ? null : body.getBytes(StandardCharsets.UTF_8), 1, caller)).run(fixtures.api());
        List<String> findings = LegacyContract.findings(method, path, response).stream()
                .map(f -> f.operationId() + " " + f.pointer() + " " + f.keyword()).filter(f -> !DEVIATIONS.contains(f)).toList();
        assertThat(findings).as(response.toString()).isEmpty();
        return response;
    }

    private static String text(JsonNode node) {
        return new String(Json.bytes(node), StandardCharsets.UTF_8);
    }

    private long create(String body) {
        return send("POST", "/api/serviceaccounts", body).body().get("id").asLong();
    }

    private ObjectNode stored(String login) {
        return fixtures.api().stored(ServiceAccountTranslator.KIND, "default", login).orElseThrow();
    }

    @Test
    void theKindIsIamsServiceAccount() {
        assertThat(ServiceAccountTranslator.KIND.qualifiedResource()).isEqualTo("serviceaccounts.iam.grafana.app");
        assertThat(ServiceAccountTranslator.KIND.kind()).isEqualTo("ServiceAccount");
        assertThat(ServiceAccountTranslator.KIND.singular()).isEqualTo("serviceaccount");
        assertThat(ServiceAccountTranslator.KIND.shortNames()).containsExactly("sa");
        assertThat(ServiceAccountTranslator.KIND.preferredVersion()).isEqualTo("v0alpha1");
    }

    @Test
    void aCreateAnswers201AndTheDtoAndStoresTheLoginAsNameAndTheIdAsLabel() {
        LegacyResponse created = send("POST", "/api/serviceaccounts", "{\"name\":\"CI Bot\",\"role\":\"Editor\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(new String(created.bytes(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":100001,\"name\":\"CI Bot\",\"login\":\"sa-ci-bot\","
                + "\"orgId\":1,\"isDisabled\":false,\"role\":\"Editor\",\"tokens\":0,\"avatarUrl\":\"\"}");
        ObjectNode object = stored("sa-ci-bot");
        assertThat(new ResourceObject(object).legacyId()).isEqualTo(100_001);
        assertThat(object.get("spec")).isEqualTo(json("{\"title\":\"CI Bot\",\"role\":\"Editor\",\"disabled\":false,\"tokens\":[]}"));
        assertThat(ResourceContract.findings(ServiceAccountTranslator.KIND, object)).isEmpty();
    }

    @Test
    void aCreateRefusesWhatGrafanaRefuses() {
        assertThat(send("POST", "/api/serviceaccounts", "{\"name\":7}").body()).isEqualTo(json("{\"message\":\"Bad request data\"}"));
        assertThat(send("POST", "/api/serviceaccounts", "{\"name\":\"x\",\"role\":\"Owner\"}").body())
                .isEqualTo(json("{\"message\":\"invalid role specified\"}"));
        LegacyResponse higher = send("POST", "/api/serviceaccounts", "{\"name\":\"x\",\"role\":\"Admin\"}", Fixtures.EDITOR);
        assertThat(higher.status()).isEqualTo(403);
        assertThat(higher.message()).isEqualTo("can not assign a role higher than user's role");
        create("{\"name\":\"dup\"}");
        LegacyResponse taken = send("POST", "/api/serviceaccounts", "{\"name\":\"dup\"}");
        assertThat(taken.status()).isEqualTo(400);
        assertThat(taken.message()).isEqualTo("Failed to create service account");
    }

    @Test
    void theReadAnswersTheProfileWithItsTokenCountAndAMissingOneIs404() {
        long id = create("{\"name\":\"reader\"}");
        send("POST", "/api/serviceaccounts/" + id + "/tokens", "{\"name\":\"t1\"}");

        JsonNode profile = Json.tree(new String(send("GET", "/api/serviceaccounts/" + id, null).bytes(), StandardCharsets.UTF_8));

        assertThat(profile.propertyStream().map(e -> e.getKey()).toList()).containsExactly("id", "name", "login", "orgId",
                "isDisabled", "createdAt", "updatedAt", "avatarUrl", "role", "teams", "tokens");
        assertThat(profile.get("login").asText()).isEqualTo("sa-reader");
        assertThat(profile.get("role").asText()).isEqualTo("Viewer");
        assertThat(profile.get("tokens").asInt()).isEqualTo(1);
        assertThat(profile.get("avatarUrl").asText()).startsWith("/avatar/").hasSize(8 + 32);
        LegacyResponse missing = send("GET", "/api/serviceaccounts/999", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo(json("{\"message\":\"Failed to retrieve service account\"}"));
        assertThat(send("GET", "/api/serviceaccounts/abc", null).body()).isEqualTo(json("{\"message\":\"Service Account ID is invalid\"}"));
    }

    @Test
    void searchFindsByNameOrLoginInAnyCaseByLoginAndPages() {
        create("{\"name\":\"Grafana Bot\"}");
        create("{\"name\":\"alpha\"}");
        create("{\"name\":\"another bot\",\"isDisabled\":true}");

        JsonNode bots = send("GET", "/api/serviceaccounts/search?query=BOT", null).body();
        assertThat(bots.get("totalCount").asInt()).isEqualTo(2);
        assertThat(bots.get("serviceAccounts")).extracting(e -> e.get("login").asText()).containsExactly("sa-another-bot", "sa-grafana-bot");
        assertThat(bots.get("perPage").asInt()).isEqualTo(1000);
        JsonNode second = send("GET", "/api/serviceaccounts/search?perpage=1&page=2", null).body();
        assertThat(second.get("totalCount").asInt()).isEqualTo(3);
        assertThat(second.get("serviceAccounts")).extracting(e -> e.get("login").asText()).containsExactly("sa-another-bot");
        assertThat(send("GET", "/api/serviceaccounts/search?disabled=true", null).body().get("serviceAccounts"))
                .extracting(e -> e.get("login").asText()).containsExactly("sa-another-bot");
    }

    @Test
    void aSearchAndATokensNameCheckGoThroughAnOrgOfManyPages() {
        for (int i = 0; i < 1_234; i++) {
            ServiceAccountRow row = new ServiceAccountRow(i + 1, 1, "sa-many-%04d".formatted(i), "Many %04d".formatted(i), "Viewer",
                    false, Fixtures.NOW, Fixtures.NOW, i == 1_200
                    ? List.of(new ServiceAccountRow.Token(9_000, "deep-token", "hash", 0, Fixtures.NOW, false)) : List.of());
            fixtures.api().put(ServiceAccountTranslator.KIND,
                    ((RowConverter.Converted) translator.toResource(row)).object());
        }

        JsonNode page = send("GET", "/api/serviceaccounts/search?query=many&perpage=10&page=121", null).body();

        assertThat(page.get("totalCount").asInt()).isEqualTo(1_234);
        assertThat(page.get("serviceAccounts")).extracting(e -> e.get("login").asText())
                .containsExactly("sa-many-1200", "sa-many-1201", "sa-many-1202", "sa-many-1203", "sa-many-1204", "sa-many-1205",
                        "sa-many-1206", "sa-many-1207", "sa-many-1208", "sa-many-1209");
        LegacyResponse taken = send("POST", "/api/serviceaccounts/1/tokens", "{\"name\":\"deep-token\"}");
        assertThat(taken.status()).as("a name taken on the third page").isEqualTo(409);
    }

    @Test
    void anUpdateChangesWhatIsGivenKeepsTheLoginAndAnswersGrafanasMap() {
        long id = create("{\"name\":\"old\",\"role\":\"Viewer\"}");

        LegacyResponse updated = send("PATCH", "/api/serviceaccounts/" + id, "{\"name\":\"new name\",\"isDisabled\":true}");

        assertThat(updated.body().propertyStream().map(e -> e.getKey()).toList()).containsExactly("id", "message", "name", "serviceaccount");
        assertThat(updated.body().get("message").asText()).isEqualTo("Service account updated");
        assertThat(updated.body().at("/serviceaccount/login").asText()).isEqualTo("sa-old");
        assertThat(stored("sa-old").get("spec")).isEqualTo(json("{\"title\":\"new name\",\"role\":\"Viewer\",\"disabled\":true,\"tokens\":[]}"));
        assertThat(send("PATCH", "/api/serviceaccounts/" + id, "{\"role\":\"Admin\"}", Fixtures.EDITOR).status()).isEqualTo(403);
        assertThat(send("PATCH", "/api/serviceaccounts/77", "{}").status()).isEqualTo(404);
    }

    @Test
    void aDeleteAnswersGrafanasMessageAndAMissingAccountIsGrafanas500() {
        long id = create("{\"name\":\"gone\"}");

        assertThat(send("DELETE", "/api/serviceaccounts/" + id, null).body()).isEqualTo(json("{\"message\":\"Service account deleted\"}"));
        assertThat(fixtures.api().stored(ServiceAccountTranslator.KIND, "default", "sa-gone")).isEmpty();
        LegacyResponse again = send("DELETE", "/api/serviceaccounts/" + id, null);
        assertThat(again.status()).isEqualTo(500);
        assertThat(again.message()).isEqualTo("Service account deletion error");
    }

    @Test
    void aNewTokensSecretIsInTheAnswerOnlyAndTheObjectKeepsItsHashIdAndExpiry() {
        long id = create("{\"name\":\"deployer\"}");

        LegacyResponse made = send("POST", "/api/serviceaccounts/" + id + "/tokens", "{\"name\":\"ci\",\"secondsToLive\":3600}");

        assertThat(made.body().propertyStream().map(e -> e.getKey()).toList()).containsExactly("id", "name", "key");
        String key = made.body().get("key").asText();
        assertThat(key).matches("glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}");
        ObjectNode object = stored("sa-deployer");
        assertThat(text(object)).doesNotContain(key).doesNotContain(key.substring(5, 37));
        for (ResourceCall call : fixtures.api().calls()) {
            assertThat(call.toString()).doesNotContain(key.substring(5, 37));
        }
        String expires = "2024-05-06T08:08:09Z";
        assertThat(object.at("/spec/tokens")).isEqualTo(json("[{\"name\":\"ci\",\"expires\":\"" + expires + "\"}]"));
        assertThat(json(text(object.at("/status/tokens")))).isEqualTo(json("[{\"name\":\"ci\",\"id\":" + made.body().get("id").asLong()
                + ",\"created\":\"2024-05-06T07:08:09Z\",\"expires\":\"" + expires + "\",\"hash\":\"" + ServiceAccountTokens.hash(key)
                + "\",\"live\":true}]"));
        assertThat(ResourceContract.findings(ServiceAccountTranslator.KIND, object)).isEmpty();

        JsonNode tokens = send("GET", "/api/serviceaccounts/" + id + "/tokens", null).body();
        assertThat(text(tokens)).doesNotContain(key.substring(5, 37));
        assertThat(tokens.get(0).propertyStream().map(e -> e.getKey()).toList()).containsExactly("id", "name", "created", "lastUsedAt",
                "expiration", "secondsUntilExpiration", "hasExpired", "isRevoked");
        assertThat(tokens.get(0).get("expiration").asText()).isEqualTo(expires);
        assertThat(tokens.get(0).get("secondsUntilExpiration").asDouble()).isEqualTo(3600.0);
        assertThat(tokens.get(0).get("isRevoked").asBoolean()).isFalse();
    }

    @Test
    void aTokenNameIsUniqueInTheOrgAndADeletedTokenLeavesSpecAndStatus() {
        long first = create("{\"name\":\"one\"}");
        long second = create("{\"name\":\"two\"}");
        long token = send("POST", "/api/serviceaccounts/" + first + "/tokens", "{\"name\":\"ci\"}").body().get("id").asLong();

        LegacyResponse taken = send("POST", "/api/serviceaccounts/" + second + "/tokens", "{\"name\":\"ci\"}");
        assertThat(taken.status()).isEqualTo(409);

        assertThat(send("DELETE", "/api/serviceaccounts/" + first + "/tokens/" + token, null).body())
                .isEqualTo(json("{\"message\":\"Service account token deleted\"}"));
        assertThat(stored("sa-one").at("/spec/tokens")).isEmpty();
        assertThat(stored("sa-one").at("/status/tokens")).isEmpty();
        assertThat(send("DELETE", "/api/serviceaccounts/" + first + "/tokens/" + token, null).status()).isEqualTo(404);
        assertThat(send("DELETE", "/api/serviceaccounts/" + first + "/tokens/x", null).body())
                .isEqualTo(json("{\"message\":\"Token ID is invalid\"}"));
        assertThat(send("POST", "/api/serviceaccounts/555/tokens", "{\"name\":\"x\"}").status()).isEqualTo(404);
        assertThat(send("GET", "/api/serviceaccounts/555/tokens", null).body()).isEmpty();
    }

    @Test
    void aConcurrentWriteBetweenReadAndUpdateIsRetriedSoNoTokenIsLost() {
        long id = create("{\"name\":\"busy\"}");
        fixtures.api().interceptOnce(call -> call instanceof ResourceCall.Update u
                ? Optional.of(new ResourceOutcome.Failed(io.migrationgateway.model.Status.conflict(u.kind(), "sa-busy")))
                : Optional.empty());

        assertThat(send("POST", "/api/serviceaccounts/" + id + "/tokens", "{\"name\":\"a\"}").status()).isEqualTo(200);
        assertThat(stored("sa-busy").at("/status/tokens")).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":1}", "{\"name\":\"\"}", "{\"name\":\"x\",\"secondsToLive\":\"1\"}", "nonsense"})
    void tokenBodiesGrafanasBindingRefusesAreBadRequestData(String body) {
        long id = create("{\"name\":\"binder\"}");

        LegacyResponse refused = send("POST", "/api/serviceaccounts/" + id + "/tokens", body);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("{\"message\":\"Bad request data\"}"));
    }

    @Test
    void legacyRowsBecomeAnObjectWithHashesOnlyAndRevokedTokensOutOfTheSpec() {
        Instant created = Instant.parse("2024-01-02T03:04:05Z");
        ServiceAccountRow row = new ServiceAccountRow(7, 1, "sa-ops", "Ops", "Admin", false, created, created.plusSeconds(60), List.of(
                new ServiceAccountRow.Token(11, "live", "aa", 0, created, false),
                new ServiceAccountRow.Token(12, "old", "bb", created.getEpochSecond() + 10, created, false),
                new ServiceAccountRow.Token(13, "revoked", "cc", 0, created, true)));

        ObjectNode object = ((RowConverter.Converted) translator.toResource(row)).object();

        assertThat(object.at("/metadata/name").asText()).isEqualTo("sa-ops");
        assertThat(new ResourceObject(object).legacyId()).isEqualTo(7);
        assertThat(object.get("spec")).isEqualTo(json("{\"title\":\"Ops\",\"role\":\"Admin\",\"disabled\":false,\"tokens\":["
                + "{\"name\":\"live\"},{\"name\":\"old\",\"expires\":\"2024-01-02T03:04:15Z\"}]}"));
        assertThat(object.at("/status/tokens")).extracting(t -> t.get("live").asBoolean()).containsExactly(true, false, false);
        assertThat(object.at("/status/tokens")).extracting(t -> t.get("hash").asText()).containsExactly("aa", "bb", "cc");
        assertThat(ResourceContract.findings(ServiceAccountTranslator.KIND, object)).isEmpty();

        fixtures.api().put(ServiceAccountTranslator.KIND, object);
        JsonNode tokens = send("GET", "/api/serviceaccounts/7/tokens", null).body();
        assertThat(tokens).extracting(t -> t.get("hasExpired").asBoolean()).containsExactly(false, true, false);
        assertThat(tokens).extracting(t -> t.get("isRevoked").asBoolean()).containsExactly(false, false, true);
    }

    @Test
    void everyRouteIsTranslatedAndTheMigrationRoutesAreStated() {
        List<String> ids = new ArrayList<>();
        translator.routes().forEach(r -> ids.add(r.id()));
        assertThat(ids).hasSize(8);
        assertThat(registry.match("GET", "/api/serviceaccounts/search").orElseThrow().route().id()).isEqualTo("serviceaccounts.search");
        assertThat(registry.untranslated("POST", "/api/serviceaccounts/migrate")).isPresent();
        assertThat(registry.untranslated("POST", "/api/serviceaccounts/hideApiKeys")).isPresent();
        assertThat(registry.untranslated("GET", "/api/serviceaccounts/migrationstatus")).get()
                .extracting(found -> found.operation().handling()).isEqualTo(UntranslatedOperation.Handling.LEGACY_SIDE);
    }
}
