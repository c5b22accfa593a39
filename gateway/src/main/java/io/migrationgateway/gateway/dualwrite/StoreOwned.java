package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The metadata each store sets itself, which an object copied from the other store must not carry over. Managed fields
 * are carried: they say who set which field, whichever store holds the object (over the legacy side the gateway keeps
 * them, {@link io.migrationgateway.gateway.overlegacy.KeptMetadataStore}).
 */
final class StoreOwned {
    private StoreOwned() {
    }

    /** A copy of {@code object} without resource version, uid, generation and creation time. */
    static ObjectNode withoutStoreOwned(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = copy.withObjectProperty("metadata");
        metadata.remove("resourceVersion");
        metadata.remove("uid");
        metadata.remove("generation");
        metadata.remove("creationTimestamp");
        return copy;
    }
}
