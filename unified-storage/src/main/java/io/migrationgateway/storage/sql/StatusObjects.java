package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Kubernetes {@code Status} objects for the ERROR events that end a watch. */
final class StatusObjects {
    private StatusObjects() {
    }

    /** 410 Expired: the watcher must re-list (or resume from an RV still in history). */
    static ObjectNode expired(String message) {
        return failure(message, "Expired", 410);
    }

    /** 500 InternalError: the watch could not read what it had to send. */
    static ObjectNode internalError(String message) {
        return failure(message, "InternalError", 500);
    }

    private static ObjectNode failure(String message, String reason, int code) {
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("kind", "Status").put("apiVersion", "v1");
        status.putObject("metadata");
        status.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
        return status;
    }
}
