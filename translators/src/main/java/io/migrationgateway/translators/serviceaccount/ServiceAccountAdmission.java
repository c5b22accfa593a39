package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.plan.UnifiedWrite;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Reconciliation;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Wanted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Resource API write of a service account straight to unified storage (modes 3–5), made what the legacy API would
 * have made of it: the spec's token list is reconciled with the tokens held (the stored status, never the client's),
 * each new token minted here (its text, id and hash), each token the spec lacks or whose expiry changed dropped; a new
 * account gets a new legacy id. The stored object holds hashes only; the write's answer alone carries each new
 * token's text, in its {@code status.tokens[].secret}.
 */
final class ServiceAccountAdmission {
    private final TranslatorSettings settings;

    ServiceAccountAdmission(TranslatorSettings settings) {
        this.settings = settings;
    }

    UnifiedWrite admit(ObjectNode desired, Optional<ObjectNode> current) {
        ResourceObject object = new ResourceObject(desired);
        Instant now = settings.clock().instant();
        List<Held> held = current.map(c -> ServiceAccountTokens.held(c.path("status"))).orElse(List.of());
        Optional<Status> invalid = ServiceAccountsOverLegacy.invalid(object, held, now)
                .or(() -> current.isEmpty() ? nameRefusal(object) : Optional.empty());
        if (invalid.isPresent()) {
            return new UnifiedWrite.Refuse(invalid.get());
        }
        Reconciliation plan = ServiceAccountTokens.reconcile(ServiceAccountTokens.wanted(object.spec()), held, now,
                ServiceAccountsOverLegacy.SLACK);
        List<Held> tokens = new ArrayList<>();
        for (Held kept : plan.keep()) { // a revoked token is never kept (it is made anew): only its expiry can end it
            tokens.add(new Held(kept.name(), kept.id(), kept.expires(), kept.created(), kept.hash(),
                    ServiceAccountTokens.live(kept.expires(), false, now)));
        }
        Map<String, String> secrets = new HashMap<>();
        for (Wanted wanted : plan.create()) {
            String token = ServiceAccountTokens.newToken(settings.random());
            secrets.put(wanted.name(), token);
            tokens.add(new Held(wanted.name(), settings.ids().nextId(ServiceAccountTranslator.TOKEN_ID_SEQUENCE), wanted.expires(),
                    Optional.of(now), ServiceAccountTokens.hash(token), true));
        }
        tokens.sort(Comparator.comparingLong(Held::id));
        ObjectNode stored = desired.deepCopy();
        stored.set("status", ServiceAccountTokens.status(tokens, Map.of()));
        ObjectNode labels = stored.withObjectProperty("metadata").withObjectProperty("labels");
        long legacyId = current.map(c -> new ResourceObject(c).legacyId()).filter(id -> id > 0)
                .orElseGet(() -> settings.ids().nextId(ServiceAccountTranslator.ID_SEQUENCE));
        labels.put(GrafanaMeta.DEPRECATED_INTERNAL_ID, Long.toString(legacyId));
        if (current.isEmpty() && object.name().isEmpty()) {
            stored.withObjectProperty("metadata").put("name", ServiceAccountViews.login(ServiceAccountViews.title(object)));
            stored.withObjectProperty("metadata").remove("generateName");
        }
        return new UnifiedWrite.Store(stored, answer -> withSecrets(answer, secrets));
    }

    /**
     * A new account's name is its login, which the legacy side derives from the title ({@code sa-<slug>}): another
     * name could take a user's login, which the legacy tables keep unique across users and orgs.
     */
    private static Optional<Status> nameRefusal(ResourceObject object) {
        String login = ServiceAccountViews.login(ServiceAccountViews.title(object));
        if (object.name().isEmpty() || object.name().equals(login)) {
            return Optional.empty();
        }
        return Optional.of(Status.of(422, "Invalid", "ServiceAccount.iam.grafana.app \"" + object.name() + "\" is invalid:"
                + " metadata.name: Invalid value: a service account is named after its title, as the legacy side names its"
                + " login: \"" + login + "\" or left out", ServiceAccountTranslator.KIND, object.name()));
    }

    private static ObjectNode withSecrets(ObjectNode stored, Map<String, String> secrets) {
        if (secrets.isEmpty()) {
            return stored;
        }
        ObjectNode answer = stored.deepCopy();
        answer.set("status", ServiceAccountTokens.status(ServiceAccountTokens.held(stored.path("status")), secrets));
        return answer;
    }
}
