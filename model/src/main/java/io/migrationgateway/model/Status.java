package io.migrationgateway.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A Kubernetes {@code metav1.Status} failure (reference §2.6): what the Resource API answers when it refuses, and
 * what a translator answers a Resource API call with when the legacy API refused it. Same shape as the Resource
 * API's own Status, so the two convert field for field.
 *
 * @param code    the HTTP status code
 * @param reason  the machine-readable reason ({@code NotFound}, {@code Conflict}, {@code AlreadyExists}, ...)
 * @param message the human-readable message
 * @param details what the error is about, or {@code null}
 */
public record Status(int code, String reason, String message, Details details) {
    /**
     * @param name   the object's name, or {@code null}
     * @param group  the API group, or {@code null}
     * @param kind   the plural resource ({@code dashboards}), or {@code null}
     * @param causes field-level causes (may be empty)
     */
    public record Details(String name, String group, String kind, List<Cause> causes) {
        public Details {
            causes = List.copyOf(causes);
        }
    }

    /** One cause, as Kubernetes {@code StatusCause}: {@code field} is a dotted path such as {@code metadata.name}. */
    public record Cause(String reason, String message, String field) {
    }

    public Status {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }

    /** 404 NotFound in the apiserver's words: {@code dashboards.dashboard.grafana.app "abc" not found}. */
    public static Status notFound(KindDeclaration kind, String name) {
        return of(404, "NotFound", kind.qualifiedResource() + " \"" + name + "\" not found", kind, name);
    }

    /** 409 AlreadyExists: {@code dashboards.dashboard.grafana.app "abc" already exists}. */
    public static Status alreadyExists(KindDeclaration kind, String name) {
        return of(409, "AlreadyExists", kind.qualifiedResource() + " \"" + name + "\" already exists", kind, name);
    }

    /** 409 Conflict for a stale {@code resourceVersion}, in the apiserver's words. */
    public static Status conflict(KindDeclaration kind, String name) {
        return of(409, "Conflict", "Operation cannot be fulfilled on " + kind.qualifiedResource() + " \"" + name
                + "\": the object has been modified; please apply your changes to the latest version and try again", kind, name);
    }

    public static Status badRequest(String message) {
        return new Status(400, "BadRequest", message, null);
    }

    /** 500 InternalError: {@code Internal error occurred: <message>}. */
    public static Status internalError(String message) {
        return new Status(500, "InternalError", "Internal error occurred: " + message, null);
    }

    /** A Status about one object of {@code kind}. */
    public static Status of(int code, String reason, String message, KindDeclaration kind, String name) {
        return new Status(code, reason, message, new Details(name, kind.group(), kind.plural(), List.of()));
    }

    /** The JSON body, fields in the order the apiserver writes them. */
    public ObjectNode toJson() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("kind", "Status");
        body.put("apiVersion", "v1");
        body.putObject("metadata");
        body.put("status", "Failure");
        body.put("message", message);
        body.put("reason", reason);
        if (details != null) {
            ObjectNode out = body.putObject("details");
            putIfPresent(out, "name", details.name());
            putIfPresent(out, "group", details.group());
            putIfPresent(out, "kind", details.kind());
            if (!details.causes().isEmpty()) {
                ArrayNode causes = out.putArray("causes");
                for (Cause cause : details.causes()) {
                    ObjectNode c = causes.addObject();
                    putIfPresent(c, "reason", cause.reason());
                    putIfPresent(c, "message", cause.message());
                    putIfPresent(c, "field", cause.field());
                }
            }
        }
        body.put("code", code);
        return body;
    }

    /**
     * The Status a Resource API error body carries; a body that is not a Status (a proxy's HTML page, say) becomes a
     * Status with {@code httpCode} and reason {@code InternalError}, so that callers always have one.
     */
    public static Status fromJson(int httpCode, JsonNode body) {
        if (body == null || !body.isObject() || !"Status".equals(body.path("kind").asText())) {
            return new Status(httpCode, "InternalError", "an error without a Status body (HTTP " + httpCode + ")", null);
        }
        JsonNode details = body.path("details");
        Details parsed = null;
        if (details.isObject()) {
            List<Cause> causes = new ArrayList<>();
            for (JsonNode cause : details.path("causes")) {
                causes.add(new Cause(text(cause, "reason"), text(cause, "message"), text(cause, "field")));
            }
            parsed = new Details(text(details, "name"), text(details, "group"), text(details, "kind"), causes);
        }
        return new Status(body.path("code").asInt(httpCode), body.path("reason").asText(""), body.path("message").asText(""),
                parsed);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isTextual() ? null : value.asText();
    }

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null && !value.isEmpty()) {
            node.put(field, value);
        }
    }
}
