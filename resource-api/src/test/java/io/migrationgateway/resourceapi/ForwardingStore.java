package io.migrationgateway.resourceapi;

import io.migrationgateway.storage.ForwardingResourceStore;
import io.migrationgateway.storage.ResourceStore;

/** A store that passes every call on; tests override what they want to observe or break. */
class ForwardingStore extends ForwardingResourceStore {
    ForwardingStore(ResourceStore store) {
        super(store);
    }
}
