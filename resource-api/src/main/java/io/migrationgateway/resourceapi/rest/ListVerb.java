package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ResourceStore;
import java.io.IOException;

/**
 * {@code GET} of a collection: one page ({@code limit}, {@code continue}) of what the selectors select, or, without a
 * limit, every object, read a page at a time and written as it is read ({@link ResourceOutput#streamList}): a list
 * costs a page of memory whatever the number of objects. The {@code resourceVersion} parameter is ignored: every list
 * is served from the latest state.
 */
final class ListVerb implements VerbHandler {
    /** Objects read at a time for a list without a limit. */
    static final int PAGE = 500;

    private final StoreSelector stores;
    private final ResourceOutput output;

    ListVerb(StoreSelector stores, ResourceOutput output) {
        this.stores = stores;
        this.output = output;
    }

    @Override
    public void serve(ResourceCall call) throws IOException {
        ResourceStore store = stores.storeFor(call);
        NamespaceScope scope = NamespaceScope.of(call.target(), call.caller());
        Selection selection = Selection.of(call);
        int limit = Selection.limit(call);
        GroupResource resource = call.kind().groupResource();
        ListPage page = store.list(resource, new ListOptions(scope.storeNamespace(), selection.labels(), selection.fields(),
                limit == 0 ? PAGE : limit, continueToken(call)));
        if (limit == 0 && page.continueToken() != null) {
            output.streamList(call, page, token -> store.list(resource, new ListOptions(scope.storeNamespace(),
                    selection.labels(), selection.fields(), PAGE, token)), scope::shows);
            return;
        }
        Long remaining = scope.filtering() ? null : page.remainingItemCount();
        output.sendList(call, scope.filter(page.items()),
                ResourceOutput.listMetadata(page.resourceVersion(), limit == 0 ? null : page.continueToken(), remaining));
    }

    private static String continueToken(ResourceCall call) {
        String token = call.param("continue");
        return token == null || token.isEmpty() ? null : token;
    }
}
