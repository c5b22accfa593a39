package io.migrationgateway.translators.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.translators.json.Json;
import java.util.Objects;

/**
 * A legacy answer: status and JSON body ({@code application/json}), keys in the order Grafana writes them. A
 * {@link MissingNode} body is an empty body (Grafana 9.3 answers some deletes with nothing at all).
 */
public record LegacyResponse(int status, JsonNode body) {
    public LegacyResponse {
        Objects.requireNonNull(body, "body");
    }

    public static LegacyResponse ok(JsonNode body) {
        return new LegacyResponse(200, body);
    }

    /** 200 with an empty body. */
    public static LegacyResponse emptyOk() {
        return new LegacyResponse(200, MissingNode.getInstance());
    }

    public boolean successful() {
        return status >= 200 && status < 300;
    }

    /** The body as sent: UTF-8 JSON, or no bytes for an empty body. */
    public byte[] bytes() {
        return body.isMissingNode() ? new byte[0] : Json.bytes(body);
    }

    /** The legacy error message of an error answer ({@code message}), empty when it has none. */
    public String message() {
        return body.path("message").asText("");
    }
}
