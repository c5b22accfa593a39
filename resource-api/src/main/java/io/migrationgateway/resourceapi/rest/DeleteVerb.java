package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;

/** {@code DELETE} of one object: 200 with its last state (kubectl then polls until the GET is a 404). */
final class DeleteVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;
    private final IncomingObject incoming;
    private final Codecs codecs;

    DeleteVerb(StoreSelector stores, ResourceOutput output, IncomingObject incoming, Codecs codecs) {
        this.stores = stores;
        this.output = output;
        this.incoming = incoming;
        this.codecs = codecs;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        DeleteOptions options = DeleteOptions.of(call, incoming.read(call), codecs);
        ObjectKey key = call.target().key();
        ObjectNode deleted;
        if (options.dryRun()) {
            deleted = store.get(key);
            options.check(deleted, key);
        } else {
            deleted = store.delete(key, options.preconditions());
        }
        output.sendObject(call, 200, deleted);
    }
}
