package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.Encoding;
import io.migrationgateway.resourceapi.http.MediaType;
import io.migrationgateway.resourceapi.http.RequestBody;
import io.migrationgateway.resourceapi.patch.JsonPatch;
import io.migrationgateway.resourceapi.patch.ManagedFields;
import io.migrationgateway.resourceapi.patch.MergePatch;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * {@code PATCH} of one object, by {@code Content-Type}: JSON merge patch and JSON patch here (applied inside
 * storage's guaranteed update, so concurrent writers retry instead of losing updates), server-side apply in
 * {@link ApplyPatch}. Strategic merge patch is refused with 415, as the apiserver refuses it for custom resources.
 */
final class PatchVerb implements VerbHandler {
    static final String MERGE = "application/merge-patch+json";
    static final String JSON_PATCH = "application/json-patch+json";
    static final String APPLY = "application/apply-patch+yaml";
    private static final String ACCEPTED = JSON_PATCH + ", " + MERGE + ", " + APPLY;

    private final StoreSelector stores;
    private final ResourceOutput output;
    private final IncomingObject incoming;
    private final Codecs codecs;
    private final Admission admission;
    private final ApplyPatch apply;
    private final Clock clock;

    PatchVerb(StoreSelector stores, ResourceOutput output, IncomingObject incoming, Codecs codecs, Admission admission,
              ApplyPatch apply, Clock clock) {
        this.stores = stores;
        this.output = output;
        this.incoming = incoming;
        this.codecs = codecs;
        this.admission = admission;
        this.apply = apply;
        this.clock = clock;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        MediaType type = RequestBody.contentType(call.exchange());
        String essence = type == null ? "" : type.essence();
        BinaryOperator<JsonNode> patcher = switch (essence) {
            case MERGE -> MergePatch::apply;
            case JSON_PATCH -> (target, patch) -> JsonPatch.apply(target, patch, codecs.maxBodyBytes());
            case APPLY -> null;
            default -> throw StatusErrors.unsupportedMediaType(ACCEPTED);
        };
        WriteOptions options = WriteOptions.of(call);
        boolean strict = options.fieldValidation() == FieldValidation.STRICT;
        byte[] body = incoming.read(call);
        if (patcher == null) {
            apply.serve(call, options, IncomingObject.asObject(codecs.readJsonOrYaml(body, strict)));
            return;
        }
        JsonNode patch = codecs.read(body, Encoding.JSON, strict);
        ObjectKey key = call.target().key();
        AtomicReference<List<String>> warnings = new AtomicReference<>(List.of());
        UnaryOperator<ObjectNode> change = live -> {
            ObjectNode before = Revisions.asRequested(live, call.target());
            ObjectNode patched = IncomingObject.asObject(patcher.apply(before, patch));
            IncomingObject.identify(patched, call.target(), true);
            Revisions.holdTo(patched, live, key);
            Admission.Admitted admitted = admission.admit(call.kind(), patched, options.fieldValidation());
            ObjectNode next = admitted.object();
            ManagedFields.recordUpdate(live, next, options.fieldManager(), call.target().apiVersion(), clock.instant());
            warnings.set(admitted.warnings());
            return next;
        };
        ObjectNode updated = options.dryRun() ? change.apply(store.get(key)) : store.guaranteedUpdate(key, change);
        warnings.get().forEach(call::warn);
        output.sendObject(call, 200, updated);
    }
}
