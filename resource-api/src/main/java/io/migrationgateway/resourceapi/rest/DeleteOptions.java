package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;

/**
 * What a delete may say, in its optional {@code DeleteOptions} body and its query: preconditions and dry run.
 * {@code propagationPolicy}, {@code gracePeriodSeconds} and {@code orphanDependents} are accepted and have no
 * effect (nothing here has dependents or graceful deletion).
 */
record DeleteOptions(Preconditions preconditions, boolean dryRun) {
    static DeleteOptions of(ResourceCall call, byte[] body, Codecs codecs) {
        boolean dryRun = WriteOptions.dryRun(call.param("dryRun"));
        if (body.length == 0) {
            return new DeleteOptions(Preconditions.NONE, dryRun);
        }
        JsonNode options = IncomingObject.asObject(codecs.readJsonOrYaml(body, false));
        for (JsonNode mode : options.path("dryRun")) {
            dryRun |= WriteOptions.dryRun(mode.asText());
        }
        JsonNode pre = options.path("preconditions");
        return new DeleteOptions(new Preconditions(text(pre.path("uid")), text(pre.path("resourceVersion"))), dryRun);
    }

    /**
     * For a dry run, which does not reach storage's own check: whether {@code live} meets the preconditions.
     *
     * @throws StorageException CONFLICT in the apiserver's words when it does not
     */
    void check(ObjectNode live, ObjectKey key) {
        String uid = live.path("metadata").path("uid").asText("");
        String resourceVersion = live.path("metadata").path("resourceVersion").asText("");
        if (preconditions.uid() != null && !preconditions.uid().equals(uid)) {
            throw new StorageException(StorageException.Reason.CONFLICT, key, "Precondition failed: UID in precondition: "
                    + preconditions.uid() + ", UID in object meta: " + uid);
        }
        if (preconditions.resourceVersion() != null && !preconditions.resourceVersion().equals(resourceVersion)) {
            throw new StorageException(StorageException.Reason.CONFLICT, key,
                    "Precondition failed: ResourceVersion in precondition: " + preconditions.resourceVersion()
                            + ", ResourceVersion in object meta: " + resourceVersion);
        }
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isEmpty() ? node.asText() : null;
    }
}
