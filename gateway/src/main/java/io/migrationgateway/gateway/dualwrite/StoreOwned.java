package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The metadata each store sets itself, which an object copied from the other store must not carry over. */
final class StoreOwned {
    private StoreOwned() {
    }

    /** A copy of {@code object} without resource version, uid, generation, creation time and managed fields. */
    static ObjectNode withoutStoreOwned(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = copy.withObjectProperty("metadata");
        metadata.remove("resourceVersion");
        metadata.remove("uid");
        metadata.remove("generation");
        metadata.remove("creationTimestamp");
        metadata.remove("managedFields");
        return copy;
    }
}
