package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.patch.ServerSideApply;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * Server-side apply ({@code application/apply-patch+yaml}): merges the applied configuration into the object
 * under {@code fieldManager}'s ownership, creating the object (201) when it does not exist, as
 * {@code kubectl apply --server-side} expects without a prior GET.
 */
final class ApplyPatch {
    private final StoreSelector stores;
    private final ResourceOutput output;
    private final Admission admission;
    private final Clock clock;

    ApplyPatch(StoreSelector stores, ResourceOutput output, Admission admission, Clock clock) {
        this.stores = stores;
        this.output = output;
        this.admission = admission;
        this.clock = clock;
    }

    void serve(ResourceCall call, WriteOptions options, ObjectNode applied) {
        ResourceStore store = stores.storeFor(call);
        IncomingObject.identify(applied, call.target(), true);
        // only the parameter names a manager here: apply must not credit fields to a User-Agent
        String manager = WriteOptions.namesManager(call) ? call.param("fieldManager") : null;
        ObjectKey key = call.target().key();
        ObjectNode live = Existence.find(store, key);
        if (live == null) {
            ObjectNode created = create(store, call, options, applied, manager);
            if (created != null) {
                output.sendObject(call, 201, created);
                return;
            }
        }
        AtomicReference<List<String>> warnings = new AtomicReference<>(List.of());
        UnaryOperator<ObjectNode> change = current -> {
            ObjectNode merged = ServerSideApply.apply(Revisions.asRequested(current, call.target()), applied, manager,
                    options.force(), clock.instant());
            merged.withObjectProperty("metadata").put("resourceVersion",
                    applied.path("metadata").path("resourceVersion").asText(""));
            Revisions.holdTo(merged, current, key);
            Admission.Admitted admitted = admission.admit(call.kind(), merged, options.fieldValidation());
            warnings.set(admitted.warnings());
            return admitted.object();
        };
        ObjectNode updated = options.dryRun() ? change.apply(store.get(key)) : store.guaranteedUpdate(key, change);
        warnings.get().forEach(call::warn);
        output.sendObject(call, 200, updated);
    }

    /** The created object, or {@code null} when another writer created it first (then the apply updates it). */
    private ObjectNode create(ResourceStore store, ResourceCall call, WriteOptions options, ObjectNode applied, String manager) {
        ObjectNode merged = ServerSideApply.apply(null, applied, manager, options.force(), clock.instant());
        merged.withObjectProperty("metadata").remove("resourceVersion");
        Admission.Admitted admitted = admission.admit(call.kind(), merged, options.fieldValidation());
        if (options.dryRun()) {
            admitted.warnings().forEach(call::warn);
            return admitted.object();
        }
        try {
            ObjectNode created = store.create(call.kind().groupResource(), admitted.object());
            admitted.warnings().forEach(call::warn);
            return created;
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.ALREADY_EXISTS) {
                return null;
            }
            throw e;
        }
    }
}
