package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ResourceStore;

/** {@code DELETE} of a namespace's collection: deletes what the selectors select, answers them as a list. */
final class DeleteCollectionVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;
    private final IncomingObject incoming;
    private final Codecs codecs;

    DeleteCollectionVerb(StoreSelector stores, ResourceOutput output, IncomingObject incoming, Codecs codecs) {
        this.stores = stores;
        this.output = output;
        this.incoming = incoming;
        this.codecs = codecs;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        DeleteOptions options = DeleteOptions.of(call, incoming.read(call), codecs);
        Selection selection = Selection.of(call);
        ListOptions which = new ListOptions(call.target().namespace(), selection.labels(), selection.fields(), 0, null);
        ListPage deleted = options.dryRun()
                ? store.list(call.kind().groupResource(), which)
                : store.deleteCollection(call.kind().groupResource(), which);
        output.sendList(call, deleted.items(), ResourceOutput.listMetadata(deleted.resourceVersion(), null, null));
    }
}
