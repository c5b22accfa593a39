package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;

/** Optimistic concurrency for writes that compute the new object from the stored one. */
final class Revisions {
    private Revisions() {
    }

    /**
     * A {@code metadata.resourceVersion} the client put in its object (or patch) is a precondition: it must be the
     * stored one. The candidate then carries the stored version, which storage checks again when it writes.
     *
     * @throws StorageException CONFLICT when the client's version is not the stored one
     */
    static void holdTo(ObjectNode candidate, ObjectNode live, ObjectKey key) {
        String stored = live.path("metadata").path("resourceVersion").asText("");
        String expected = candidate.path("metadata").path("resourceVersion").asText("");
        if (!expected.isEmpty() && !expected.equals(stored)) {
            throw StorageException.modified(key);
        }
        candidate.withObjectProperty("metadata").put("resourceVersion", stored);
    }

    /**
     * A copy of a stored object in the requested apiVersion: patches and applies start from what the client would
     * have read, not from whichever version last wrote it.
     */
    static ObjectNode asRequested(ObjectNode live, ApiTarget.Resource target) {
        ObjectNode copy = live.deepCopy();
        copy.put("apiVersion", target.apiVersion());
        copy.put("kind", target.kind().kind());
        return copy;
    }
}
