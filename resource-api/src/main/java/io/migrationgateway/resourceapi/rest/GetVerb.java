package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.storage.ResourceStore;
import java.io.IOException;

/** {@code GET} of one object. */
final class GetVerb implements VerbHandler {
    private final ResourceStore store;
    private final ResourceOutput output;

    GetVerb(ResourceStore store, ResourceOutput output) {
        this.store = store;
        this.output = output;
    }

    @Override
    public void serve(ResourceCall call) throws IOException {
        output.sendObject(call, 200, store.get(call.target().key()));
    }
}
