package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ResourceStore;

/**
 * {@code GET} of a collection: one page ({@code limit}, {@code continue}) of what the selectors select. The
 * {@code resourceVersion} parameter is ignored: every list is served from the latest state.
 */
final class ListVerb implements VerbHandler {
    private final StoreSelector stores;
    private final ResourceOutput output;

    ListVerb(StoreSelector stores, ResourceOutput output) {
        this.stores = stores;
        this.output = output;
    }

    @Override
    public void serve(ResourceCall call) {
        ResourceStore store = stores.storeFor(call);
        NamespaceScope scope = NamespaceScope.of(call.target(), call.caller());
        Selection selection = Selection.of(call);
        ListPage page = store.list(call.kind().groupResource(), new ListOptions(scope.storeNamespace(),
                selection.labels(), selection.fields(), Selection.limit(call), continueToken(call)));
        Long remaining = scope.filtering() ? null : page.remainingItemCount();
        output.sendList(call, scope.filter(page.items()),
                ResourceOutput.listMetadata(page.resourceVersion(), page.continueToken(), remaining));
    }

    private static String continueToken(ResourceCall call) {
        String token = call.param("continue");
        return token == null || token.isEmpty() ? null : token;
    }
}
