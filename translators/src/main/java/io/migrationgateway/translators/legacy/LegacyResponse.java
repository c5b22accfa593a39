package io.migrationgateway.translators.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A legacy answer: status and JSON body ({@code application/json}), keys in the order Grafana writes them. A
 * {@link MissingNode} body is an empty body (Grafana 9.3 answers some deletes with nothing at all). The one kind of
 * answer that is not JSON, a comparison of versions rendered as HTML, is its text in a {@link TextNode}.
 */
public record LegacyResponse(int status, JsonNode body, String contentType) {
    public static final String JSON = "application/json";

    public LegacyResponse {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(contentType, "contentType");
        if (!contentType.equals(JSON) && !body.isTextual()) {
            throw new IllegalArgumentException("an answer that is not JSON is text");
        }
    }

    public LegacyResponse(int status, JsonNode body) {
        this(status, body, JSON);
    }

    /** 200 with a body that is not JSON ({@code contentType} is not {@link #JSON}), sent as it is. */
    public static LegacyResponse text(String contentType, String text) {
        return new LegacyResponse(200, TextNode.valueOf(text), contentType);
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

    /** The body as sent: UTF-8 JSON or text, or no bytes for an empty body. */
    public byte[] bytes() {
        if (!contentType.equals(JSON)) {
            return body.asText().getBytes(StandardCharsets.UTF_8);
        }
        return body.isMissingNode() ? new byte[0] : Json.bytes(body);
    }

    /** The legacy error message of an error answer ({@code message}), empty when it has none. */
    public String message() {
        return body.path("message").asText("");
    }
}
