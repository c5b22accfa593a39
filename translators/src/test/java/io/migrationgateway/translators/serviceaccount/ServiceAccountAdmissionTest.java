package io.migrationgateway.translators.serviceaccount;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.plan.UnifiedWrite;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Resource API writes straight to unified storage (modes 3–5): tokens minted and dropped as the legacy API would. */
class ServiceAccountAdmissionTest {
    private final Fixtures fixtures = new Fixtures();
    private final ServiceAccountTranslator translator = new ServiceAccountTranslator(fixtures.settings());

    private static ObjectNode account(String name, String tokens) {
        return (ObjectNode) json("""
                {"apiVersion":"iam.grafana.app/v0alpha1","kind":"ServiceAccount",
                 "metadata":{"name":"%s","namespace":"default"},
                 "spec":{"title":"CI Bot","role":"Editor","disabled":false,"tokens":%s}}""".formatted(name, tokens));
    }

    private UnifiedWrite.Store stored(ObjectNode desired, Optional<ObjectNode> current) {
        UnifiedWrite write = translator.admitToUnified(desired, current);
        assertThat(write).isInstanceOf(UnifiedWrite.Store.class);
        return (UnifiedWrite.Store) write;
    }

    private static JsonNode token(JsonNode object, String name) {
        for (JsonNode token : object.path("status").path("tokens")) {
            if (token.path("name").asText().equals(name)) {
                return token;
            }
        }
        throw new AssertionError("no token " + name + " in " + object);
    }

    @Test
    void aNewAccountsTokensAreMintedWithTheirHashStoredAndTheirTextOnlyInTheAnswer() {
        UnifiedWrite.Store write = stored(account("sa-ci-bot", "[{\"name\":\"deploy\"},{\"name\":\"nightly\",\"expires\":\"2030-01-01T00:00:00Z\"}]"),
                Optional.empty());
        ObjectNode stored = write.object();
        assertThat(stored.path("metadata").path("labels").path(GrafanaMeta.DEPRECATED_INTERNAL_ID).asText()).isNotEmpty();
        assertThat(stored.toString()).doesNotContain("glsa_").doesNotContain("\"secret\"");
        ObjectNode answer = write.answer().apply(stored);
        for (String name : new String[] {"deploy", "nightly"}) {
            String secret = token(answer, name).path("secret").asText();
            assertThat(secret).startsWith("glsa_");
            assertThat(token(stored, name).path("hash").asText()).isEqualTo(ServiceAccountTokens.hash(secret));
            assertThat(token(stored, name).path("live").asBoolean()).isTrue();
        }
        assertThat(token(stored, "nightly").path("expires").asText()).isEqualTo("2030-01-01T00:00:00Z");
    }

    @Test
    void aTokenTheSpecDropsLeavesAndTheOthersKeepTheirIdAndHash() {
        ObjectNode first = stored(account("sa-ci-bot", "[{\"name\":\"deploy\"},{\"name\":\"old\"}]"), Optional.empty()).object();
        UnifiedWrite.Store write = stored(account("sa-ci-bot", "[{\"name\":\"deploy\"}]"), Optional.of(first));
        assertThat(write.object().path("status").path("tokens")).hasSize(1);
        assertThat(token(write.object(), "deploy")).isEqualTo(token(first, "deploy"));
        assertThat(write.answer().apply(write.object()).toString()).doesNotContain("glsa_");
        assertThat(write.object().path("metadata").path("labels")).isEqualTo(first.path("metadata").path("labels"));
    }

    @Test
    void aChangedExpiryRotatesTheToken() {
        ObjectNode first = stored(account("sa-ci-bot", "[{\"name\":\"deploy\",\"expires\":\"2030-01-01T00:00:00Z\"}]"),
                Optional.empty()).object();
        UnifiedWrite.Store write = stored(account("sa-ci-bot", "[{\"name\":\"deploy\",\"expires\":\"2031-01-01T00:00:00Z\"}]"),
                Optional.of(first));
        JsonNode rotated = token(write.object(), "deploy");
        assertThat(rotated.path("id").asLong()).isNotEqualTo(token(first, "deploy").path("id").asLong());
        assertThat(rotated.path("hash").asText()).isNotEqualTo(token(first, "deploy").path("hash").asText());
        String secret = token(write.answer().apply(write.object()), "deploy").path("secret").asText();
        assertThat(ServiceAccountTokens.hash(secret)).isEqualTo(rotated.path("hash").asText());
    }

    @Test
    void aClientsStatusIsNeverStored() {
        ObjectNode desired = account("sa-ci-bot", "[]");
        desired.putObject("status").putArray("tokens").addObject().put("name", "forged").put("id", 7).put("hash", "abc").put("live", true);
        assertThat(stored(desired, Optional.empty()).object().path("status").path("tokens")).isEmpty();
    }

    @Test
    void aNameThatIsNotTheTitlesLoginOrDuplicateTokenNamesAreRefusedAsInvalid() {
        UnifiedWrite wrongName = translator.admitToUnified(account("admin", "[]"), Optional.empty());
        assertThat(wrongName).isInstanceOfSatisfying(UnifiedWrite.Refuse.class, refuse -> {
            assertThat(refuse.status().code()).isEqualTo(422);
            assertThat(refuse.status().message()).contains("sa-ci-bot");
        });
        UnifiedWrite duplicate = translator.admitToUnified(account("sa-ci-bot", "[{\"name\":\"a\"},{\"name\":\"a\"}]"), Optional.empty());
        assertThat(duplicate).isInstanceOfSatisfying(UnifiedWrite.Refuse.class,
                refuse -> assertThat(refuse.status().message()).contains("Duplicate value"));
    }

    @Test
    void aNewAccountWithoutANameIsNamedAfterItsTitle() {
        ObjectNode desired = account("", "[]");
        ((ObjectNode) desired.path("metadata")).remove("name");
        ((ObjectNode) desired.path("metadata")).put("generateName", "x-");
        assertThat(stored(desired, Optional.empty()).object().path("metadata").path("name").asText()).isEqualTo("sa-ci-bot");
    }
}
