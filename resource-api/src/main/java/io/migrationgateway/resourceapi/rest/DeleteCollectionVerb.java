package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ResourceStore;
import java.io.IOException;

/**
 * {@code DELETE} of a namespace's collection: deletes what the selectors select, a batch at a time, and answers the
 * deleted objects as a list written as the batches are done (a dry run lists them the same way), so a collection of
 * any size costs a batch of memory.
 */
final class DeleteCollectionVerb implements VerbHandler {
    /** Objects deleted (or, in a dry run, listed) at a time. */
    static final int BATCH = 500;

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
    public void serve(ResourceCall call) throws IOException {
        ResourceStore store = stores.storeFor(call);
        DeleteOptions options = DeleteOptions.of(call, incoming.read(call), codecs);
        Selection selection = Selection.of(call);
        GroupResource resource = call.kind().groupResource();
        String namespace = call.target().namespace();
        ResourceOutput.MorePages more = options.dryRun()
                ? token -> store.list(resource, new ListOptions(namespace, selection.labels(), selection.fields(), BATCH, token))
                // each batch goes on from where the last one stopped, or starts over when the store's selection lost
                // the last one's objects (ResourceStore#deleteCollection)
                : token -> store.deleteCollection(resource, new ListOptions(namespace, selection.labels(), selection.fields(), BATCH,
                        token == null || token.isEmpty() ? null : token));
        ListPage first = options.dryRun() ? more.after(null) : more.after("");
        if (first.continueToken() == null) {
            output.sendList(call, first.items(), ResourceOutput.listMetadata(first.resourceVersion(), null, null));
        } else {
            output.streamList(call, first, more, object -> true);
        }
    }
}
