package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.patch.ManagedFields;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * {@code PUT} of one object: replaces it. With {@code metadata.resourceVersion} in the body the update is
 * conditional (409 Conflict when stale); without, it applies to whatever is stored.
 */
final class UpdateVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;
    private final IncomingObject incoming;
    private final Admission admission;
    private final Clock clock;

    UpdateVerb(StoreSelector stores, ResourceOutput output, IncomingObject incoming, Admission admission, Clock clock) {
        this.stores = stores;
        this.output = output;
        this.incoming = incoming;
        this.admission = admission;
        this.clock = clock;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        WriteOptions options = WriteOptions.of(call);
        ObjectNode body = incoming.readObject(call, options.fieldValidation() == FieldValidation.STRICT);
        IncomingObject.identify(body, call.target(), true);
        ObjectKey key = call.target().key();
        AtomicReference<List<String>> warnings = new AtomicReference<>(List.of());
        UnaryOperator<ObjectNode> replace = live -> {
            ObjectNode candidate = body.deepCopy();
            Revisions.holdTo(candidate, live, key);
            Admission.Admitted admitted = admission.admit(call.kind(), candidate, options.fieldValidation());
            ObjectNode next = admitted.object();
            ManagedFields.recordUpdate(live, next, options.fieldManager(), call.target().apiVersion(), clock.instant());
            warnings.set(admitted.warnings());
            return next;
        };
        ObjectNode updated = options.dryRun() ? replace.apply(store.get(key)) : store.guaranteedUpdate(key, replace);
        warnings.get().forEach(call::warn);
        output.sendObject(call, 200, updated);
    }
}
