package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.upstream.LegacyUnavailableException;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import java.util.List;
import java.util.Optional;

/**
 * The legacy side as a {@link Side}: each operation is the translator's Resource-API-over-legacy plan, run with one
 * caller's credentials (the caller's own on the request path, {@code dual-write.retry-authorization} in the outbox),
 * with the metadata the gateway keeps beside legacy objects: read with it, written objects keep it, deleted ones
 * lose it.
 */
final class LegacySide implements Side {
    private final LegacyClient client;
    private final String authorization;
    private final KeptMetadataStore kept;

    LegacySide(LegacyClient client, String authorization, KeptMetadataStore kept) {
        this.client = client;
        this.authorization = authorization;
        this.kept = kept;
    }

    @Override
    public Target target() {
        return Target.LEGACY;
    }

    @Override
    public Optional<ObjectNode> read(Translator translator, String namespace, String name) {
        ResourceOutcome outcome = run(translator, new ResourceCall.Get(translator.kind(), namespace, name), name);
        return switch (outcome) {
            case ResourceOutcome.Found found -> {
                kept.merge(translator.kind().groupResource(), List.of(found.object()));
                yield Optional.of(found.object());
            }
            case ResourceOutcome.Failed failed when failed.status().code() == 404 -> Optional.empty();
            default -> throw refused("read", name, outcome);
        };
    }

    @Override
    public ObjectNode put(Translator translator, String namespace, ObjectNode desired, Optional<ObjectNode> current) {
        ObjectNode object = StoreOwned.withoutStoreOwned(desired);
        String name = object.path("metadata").path("name").asText();
        ResourceCall call = current.isEmpty()
                ? new ResourceCall.Create(translator.kind(), namespace, object)
                : new ResourceCall.Update(translator.kind(), namespace, object);
        ResourceOutcome outcome = run(translator, call, name);
        if (outcome instanceof ResourceOutcome.Found found) {
            return kept.keepWritten(translator.kind().groupResource(), found.object(), desired);
        }
        throw refused(current.isEmpty() ? "create" : "update", name, outcome);
    }

    @Override
    public void delete(Translator translator, String namespace, String name) {
        ResourceOutcome outcome = run(translator, new ResourceCall.Delete(translator.kind(), namespace, name, ""), name);
        if (outcome instanceof ResourceOutcome.Failed failed && failed.status().code() != 404) {
            throw refused("delete", name, outcome);
        }
        kept.forget(translator.kind().groupResource(), namespace, name);
    }

    private ResourceOutcome run(Translator translator, ResourceCall call, String name) {
        if (authorization.isEmpty()) {
            throw new SideFailure("no credentials for the legacy side to copy " + name + ": set dual-write.retry-authorization");
        }
        try {
            return client.run(translator.resourcePlan(call), authorization);
        } catch (LegacyUnavailableException e) {
            throw new SideFailure(e.getMessage(), e);
        }
    }

    private static SideFailure refused(String what, String name, ResourceOutcome outcome) {
        String why = outcome instanceof ResourceOutcome.Failed failed
                ? failed.status().code() + " " + failed.status().message() : "an unexpected answer";
        String message = "the legacy side did not " + what + " " + name + ": " + why;
        // 409 and 412: the legacy object changed since it was read (Grafana's version-mismatch and name-exists answers)
        boolean raced = outcome instanceof ResourceOutcome.Failed failed
                && (failed.status().code() == 409 || failed.status().code() == 412);
        return raced ? new LostRace(message) : new SideFailure(message);
    }
}
