package io.migrationgateway.resourceapi.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * A Kubernetes {@code metav1.Status} failure: the body of every error the Resource API answers, and the
 * object of a watch {@code ERROR} event.
 *
 * @param code    the HTTP status code
 * @param reason  the machine-readable reason ({@code NotFound}, {@code Conflict}, ...)
 * @param message the human-readable message kubectl prints after {@code Error from server (reason):}
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

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null && !value.isEmpty()) {
            node.put(field, value);
        }
    }
}
