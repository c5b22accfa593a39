package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.storage.ResourceStore;
import java.util.Objects;

/**
 * Which store serves a call. One store serves every call of a plain Resource API; the gateway chooses per call by
 * the resource's migration mode in the call's namespace (unified storage, or the legacy API through the resource's
 * translator with the caller's own credentials), which is why the choice is made per call and not per server.
 */
@FunctionalInterface
public interface StoreSelector {
    /** The store for {@code call}; it may be made for this call only (it may hold the caller's credentials). */
    ResourceStore storeFor(ResourceCall call);

    /** Every call to {@code store}. */
    static StoreSelector always(ResourceStore store) {
        Objects.requireNonNull(store, "store");
        return call -> store;
    }
}
