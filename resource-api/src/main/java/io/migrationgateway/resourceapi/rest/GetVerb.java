package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.storage.ResourceStore;

/** {@code GET} of one object (as plain JSON, passed on as stored, unparsed). */
final class GetVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;

    GetVerb(StoreSelector stores, ResourceOutput output) {
        this.stores = stores;
        this.output = output;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        if (ResourceOutput.plainJson(call)) {
            output.sendStoredJson(call, 200, store.getJson(call.target().key()));
        } else {
            output.sendObject(call, 200, store.get(call.target().key()));
        }
    }
}
