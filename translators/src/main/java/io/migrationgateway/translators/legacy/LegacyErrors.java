package io.migrationgateway.translators.legacy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.json.Json;

/**
 * Legacy error answers as Grafana writes them (reference §1.2–1.3, {@code pkg/api/response}): {@code {"message"}},
 * or {@code {"message", "status"}} (a Go map, so sorted keys) for the errors that carry a status string.
 */
public final class LegacyErrors {
    private LegacyErrors() {
    }

    /** {@code {"message": message}} with {@code code}. */
    public static LegacyResponse message(int code, String message) {
        ObjectNode body = Json.object();
        body.put("message", message);
        return new LegacyResponse(code, body);
    }

    /** {@code {"message": message, "status": status}} with {@code code}: Grafana's DashboardErr body. */
    public static LegacyResponse withStatus(int code, String status, String message) {
        ObjectNode body = Json.object();
        body.put("message", message);
        body.put("status", status);
        return new LegacyResponse(code, body);
    }

    /** 400 "bad request data": what Grafana answers when a body does not bind to the command (bad JSON, wrong types). */
    public static LegacyResponse badRequestData() {
        return message(400, "bad request data");
    }

    /** 500 "Internal Server Error", Grafana's answer when something failed that is not the caller's business. */
    public static LegacyResponse internal() {
        return message(500, "Internal Server Error");
    }

    /**
     * The legacy answer for a Resource API refusal that a kind's own table does not word (reference §2.6): Invalid
     * (422) and BadRequest are Grafana's 400 with the Status's message, Unauthorized its 401, other 4xx keep their
     * code and message (as Grafana's handlers on its Kubernetes client answer them), and failures that are not the
     * caller's are not explained: 500 "Internal Server Error", or 503 with its message when the Resource API is
     * unavailable (the gateway's convention for a backend that cannot answer).
     */
    public static LegacyResponse fromStatus(Status status) {
        int code = status.code();
        if (code == 503) {
            return message(503, status.message());
        }
        if (code >= 500 || code < 400) {
            return internal();
        }
        return switch (code) {
            case 401 -> message(401, "Unauthorized");
            case 422 -> message(400, status.message());
            default -> message(code, status.message());
        };
    }
}
