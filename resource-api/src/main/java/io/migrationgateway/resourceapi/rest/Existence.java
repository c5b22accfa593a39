package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;

/** Reads that treat "not found" as an answer rather than a failure. */
final class Existence {
    private Existence() {
    }

    /** The object, or {@code null} when it does not exist. */
    static ObjectNode find(ResourceStore store, ObjectKey key) {
        try {
            return store.get(key);
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return null;
            }
            throw e;
        }
    }

    static boolean exists(ResourceStore store, ObjectKey key) {
        return find(store, key) != null;
    }
}
