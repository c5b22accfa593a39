package io.migrationgateway.translators.serviceaccount;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ServiceAccount Resource API served from Grafana 9.3's service account API (modes 0–2). */
class ServiceAccountsOverLegacyTest {
    private static final String NS = "default";
    private static final String IN_A_DAY = "2024-05-07T07:08:09Z";

    private final Fixtures fixtures = new Fixtures();
    private final ServiceAccountTranslator translator = new ServiceAccountTranslator(fixtures.settings());
    private final FakeLegacyServiceAccounts legacy = new FakeLegacyServiceAccounts(Fixtures.NOW);

    private ResourceOutcome run(ResourceCall call) {
        return translator.resourcePlan(call).run(legacy);
    }

    private ObjectNode get(String name) {
        return ((ResourceOutcome.Found) run(new ResourceCall.Get(ServiceAccountTranslator.KIND, NS, name))).object();
    }

    private static String text(JsonNode node) {
        return new String(Json.bytes(node), StandardCharsets.UTF_8);
    }

    private static ObjectNode object(String name, String spec) {
        return (ObjectNode) json("{\"apiVersion\":\"iam.grafana.app/v0alpha1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\""
                + name + "\",\"namespace\":\"default\"},\"spec\":" + spec + "}");
    }

    @Test
    void anAccountIsItsLoginWithItsIdAsLabelItsTokensInSpecAndStatusAndNoHash() {
        long id = legacy.account("Deploy Bot", "Editor");
        legacy.token(id, "ci", 0, false);
        legacy.token(id, "old", Fixtures.NOW.getEpochSecond() - 10, false);
        legacy.token(id, "cut", 0, true);

        ObjectNode object = get("sa-deploy-bot");

        assertThat(new ResourceObject(object).legacyId()).isEqualTo(id);
        assertThat(object.get("spec")).isEqualTo(json("{\"title\":\"Deploy Bot\",\"role\":\"Editor\",\"disabled\":false,\"tokens\":["
                + "{\"name\":\"ci\"},{\"name\":\"old\",\"expires\":\"2024-05-06T07:07:59Z\"}]}"));
        assertThat(object.at("/status/tokens")).extracting(t -> t.get("live").asBoolean()).containsExactly(true, false, false);
        assertThat(object.at("/status/tokens")).allSatisfy(t -> assertThat(t.has("hash")).isFalse());
        assertThat(object.at("/metadata/creationTimestamp").asText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(ResourceContract.findings(ServiceAccountTranslator.KIND, object)).isEmpty();
        assertThat(get("sa-deploy-bot").at("/metadata/resourceVersion")).as("a content version").isEqualTo(object.at("/metadata/resourceVersion"));
        assertThat(run(new ResourceCall.Get(ServiceAccountTranslator.KIND, NS, "sa-nobody"))).isInstanceOf(ResourceOutcome.Failed.class)
                .extracting(f -> ((ResourceOutcome.Failed) f).status().code()).isEqualTo(404);
    }

    @Test
    void aCreateMakesTheAccountThenItsTokensAndAnswersEachSecretOnce() {
        ObjectNode object = object("", "{\"title\":\"Builder\",\"role\":\"Viewer\",\"tokens\":[{\"name\":\"a\"},{\"name\":\"b\",\"expires\":\""
                + IN_A_DAY + "\"}]}");

        ObjectNode created = ((ResourceOutcome.Found) run(new ResourceCall.Create(ServiceAccountTranslator.KIND, NS, object))).object();

        assertThat(legacy.writes()).containsExactly(
                "POST /api/serviceaccounts {\"name\":\"Builder\",\"role\":\"Viewer\",\"isDisabled\":false}",
                "POST /api/serviceaccounts/41/tokens {\"name\":\"a\"}",
                "POST /api/serviceaccounts/41/tokens {\"name\":\"b\",\"secondsToLive\":86400}");
        assertThat(created.at("/metadata/name").asText()).isEqualTo("sa-builder");
        assertThat(created.at("/status/tokens")).extracting(t -> t.get("secret").asText()).containsExactlyElementsOf(legacy.keys);
        assertThat(created.at("/spec/tokens/1/expires").asText()).isEqualTo(IN_A_DAY);
        assertThat(ResourceContract.findings(ServiceAccountTranslator.KIND, created)).isEmpty();
        String reread = text(get("sa-builder"));
        legacy.keys.forEach(key -> assertThat(reread).doesNotContain(key));
    }

    @Test
    void aChosenNameMustBeTheLoginTheLegacyApiMakes() {
        ResourceOutcome refused = run(new ResourceCall.Create(ServiceAccountTranslator.KIND, NS,
                object("robot", "{\"title\":\"Builder\",\"role\":\"Viewer\"}")));

        assertThat(((ResourceOutcome.Failed) refused).status().code()).isEqualTo(422);
        assertThat(legacy.writes()).isEmpty();
    }

    @Test
    void anUpdateRevokesWhatTheSpecLacksRotatesAChangedExpiryAndMakesNewTokens() {
        long id = legacy.account("ops", "Viewer");
        long kept = legacy.token(id, "kept", 0, false);
        long rotated = legacy.token(id, "rotated", Fixtures.NOW.getEpochSecond() + 3600, false);
        long byHand = legacy.token(id, "by-hand", 0, false);
        ObjectNode current = get("sa-ops");
        ObjectNode wanted = object("sa-ops", "{\"title\":\"ops\",\"role\":\"Editor\",\"tokens\":[{\"name\":\"kept\"},"
                + "{\"name\":\"rotated\",\"expires\":\"" + IN_A_DAY + "\"},{\"name\":\"new\"}]}");
        ((ObjectNode) wanted.get("metadata")).put("resourceVersion", current.at("/metadata/resourceVersion").asText());
        legacy.calls.clear();

        ObjectNode updated = ((ResourceOutcome.Found) run(new ResourceCall.Update(ServiceAccountTranslator.KIND, NS, wanted))).object();

        assertThat(legacy.writes()).containsExactly(
                "PATCH /api/serviceaccounts/" + id + " {\"name\":\"ops\",\"role\":\"Editor\",\"isDisabled\":false}",
                "DELETE /api/serviceaccounts/" + id + "/tokens/" + rotated,
                "DELETE /api/serviceaccounts/" + id + "/tokens/" + byHand,
                "POST /api/serviceaccounts/" + id + "/tokens {\"name\":\"rotated\",\"secondsToLive\":86400}",
                "POST /api/serviceaccounts/" + id + "/tokens {\"name\":\"new\"}");
        assertThat(legacy.tokens).containsKey(kept).doesNotContainKeys(rotated, byHand);
        assertThat(updated.at("/status/tokens")).extracting(t -> t.get("name").asText()).containsExactly("kept", "rotated", "new");
        assertThat(updated.at("/status/tokens")).extracting(t -> t.path("secret").asText(""))
                .containsExactly("", legacy.keys.get(0), legacy.keys.get(1));
        assertThat(updated.at("/spec/role").asText()).isEqualTo("Editor");
    }

    @Test
    void anExpiryTheLegacyApiSetASecondOffIsNoChangeAndASecondApplyWritesNoToken() {
        long id = legacy.account("steady", "Viewer");
        legacy.token(id, "t", Fixtures.NOW.getEpochSecond() + 86_401, false);
        ObjectNode wanted = object("sa-steady", "{\"title\":\"steady\",\"role\":\"Viewer\",\"tokens\":[{\"name\":\"t\",\"expires\":\""
                + IN_A_DAY + "\"}]}");

        run(new ResourceCall.Update(ServiceAccountTranslator.KIND, NS, wanted));

        assertThat(legacy.writes()).containsExactly("PATCH /api/serviceaccounts/" + id + " {\"name\":\"steady\",\"role\":\"Viewer\","
                + "\"isDisabled\":false}");
    }

    @Test
    void aStaleVersionOrAnInvalidTokenListWritesNothing() {
        long id = legacy.account("strict", "Viewer");
        legacy.token(id, "t", 0, false);
        ObjectNode stale = object("sa-strict", "{\"title\":\"strict\",\"role\":\"Viewer\",\"tokens\":[]}");
        ((ObjectNode) stale.get("metadata")).put("resourceVersion", "1");
        assertThat(((ResourceOutcome.Failed) run(new ResourceCall.Update(ServiceAccountTranslator.KIND, NS, stale))).status().code())
                .isEqualTo(409);

        for (String tokens : List.of("[{\"name\":\"x\"},{\"name\":\"x\"}]", "[{\"name\":\"\"}]",
                "[{\"name\":\"x\",\"expires\":\"2020-01-01T00:00:00Z\"}]", "[{\"name\":\"x\",\"expires\":\"soon\"}]")) {
            ObjectNode invalid = object("sa-strict", "{\"title\":\"strict\",\"role\":\"Viewer\",\"tokens\":" + tokens + "}");
            ResourceOutcome refused = run(new ResourceCall.Update(ServiceAccountTranslator.KIND, NS, invalid));
            assertThat(((ResourceOutcome.Failed) refused).status().code()).as(tokens).isEqualTo(422);
        }
        assertThat(legacy.writes()).isEmpty();
    }

    @Test
    void listsSelectByLegacyIdAndADeleteAnswersTheLastState() {
        long first = legacy.account("first", "Viewer");
        legacy.account("second", "Admin");

        ResourceOutcome.Listed all = (ResourceOutcome.Listed) run(new ResourceCall.ListPage(ServiceAccountTranslator.KIND, NS, "", 1, ""));
        assertThat(all.items()).extracting(o -> o.at("/metadata/name").asText()).containsExactly("sa-first");
        assertThat(all.continueToken()).isEqualTo("1");
        ResourceOutcome.Listed one = (ResourceOutcome.Listed) run(new ResourceCall.ListPage(ServiceAccountTranslator.KIND, NS,
                IdSelector.of(List.of(first)), 10, ""));
        assertThat(one.items()).extracting(o -> o.at("/metadata/name").asText()).containsExactly("sa-first");

        ResourceOutcome deleted = run(new ResourceCall.Delete(ServiceAccountTranslator.KIND, NS, "sa-first", ""));
        assertThat(((ResourceOutcome.Found) deleted).object().at("/metadata/name").asText()).isEqualTo("sa-first");
        assertThat(legacy.accounts).doesNotContainKey(first);
    }

    @Test
    void theSecretsTheLegacyApiHandsOutNeverReachACallTheTranslatorSends() {
        run(new ResourceCall.Create(ServiceAccountTranslator.KIND, NS, object("", "{\"title\":\"quiet\",\"role\":\"Viewer\",\"tokens\":"
                + "[{\"name\":\"a\"}]}")));
        long id = legacy.accounts.keySet().iterator().next();
        ObjectNode rotate = object("sa-quiet", "{\"title\":\"quiet\",\"role\":\"Viewer\",\"tokens\":[{\"name\":\"a\",\"expires\":\""
                + IN_A_DAY + "\"}]}");
        run(new ResourceCall.Update(ServiceAccountTranslator.KIND, NS, rotate));

        assertThat(legacy.keys).hasSize(2);
        String sent = legacy.calls.stream().map(c -> c.path() + " " + c.body()).reduce("", String::concat);
        legacy.keys.forEach(key -> assertThat(sent).doesNotContain(key));
        assertThat(legacy.tokens.values()).extracting(t -> t.account()).containsOnly(id);
        assertThat(Instant.ofEpochSecond(legacy.tokens.values().iterator().next().expires())).isEqualTo(Instant.parse(IN_A_DAY));
    }
}
