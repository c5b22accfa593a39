package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.patch.ManagedFields;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import java.time.Clock;

/** {@code POST} to a collection: 201 with the stored object (or, with {@code dryRun=All}, what would be stored). */
final class CreateVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;
    private final IncomingObject incoming;
    private final Admission admission;
    private final Clock clock;

    CreateVerb(StoreSelector stores, ResourceOutput output, IncomingObject incoming, Admission admission, Clock clock) {
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
        ObjectNode object = incoming.readObject(call, options.fieldValidation() == FieldValidation.STRICT);
        IncomingObject.identify(object, call.target(), false);
        // a manifest exported from a live object carries its resourceVersion; a create has none to check
        ((ObjectNode) object.get("metadata")).remove("resourceVersion");
        Admission.Admitted admitted = admission.admit(call.kind(), object, options.fieldValidation());
        ObjectNode toStore = admitted.object();
        ManagedFields.recordUpdate(null, toStore, options.fieldManager(), call.target().apiVersion(), clock.instant());
        ObjectNode created = options.dryRun() ? dryRun(store, call.target(), toStore) : store.create(call.kind().groupResource(), toStore);
        admitted.warnings().forEach(call::warn);
        output.sendObject(call, 201, created);
    }

    /** A dry run still refuses a name that is taken. */
    private static ObjectNode dryRun(ResourceStore store, ApiTarget.Resource target, ObjectNode object) {
        String name = object.path("metadata").path("name").asText("");
        if (!name.isEmpty()) {
            ObjectKey key = new ObjectKey(target.kind().groupResource(), target.namespace(), name);
            if (Existence.exists(store, key)) {
                throw StorageException.alreadyExists(key);
            }
        }
        return object;
    }
}
