package io.migrationgateway.translators.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * What Go's {@code encoding/json} accepts when Grafana binds a request body to its command struct: a field may be
 * missing or null (Go's zero value), otherwise its JSON type must fit the Go type, or the whole body is
 * "bad request data". Fields a command does not declare are ignored, as Go ignores them.
 */
public final class Binding {
    /** The Go types of command fields. */
    public enum GoType {
        STRING, INT64, INT, BOOL, OBJECT, ARRAY, ANY
    }

    private Binding() {
    }

    /** Whether {@code body} is an object whose declared fields all fit their Go types. */
    public static boolean binds(JsonNode body, Map<String, GoType> fields) {
        if (body == null || !body.isObject()) {
            return false;
        }
        for (Map.Entry<String, GoType> field : fields.entrySet()) {
            JsonNode value = body.get(field.getKey());
            if (value != null && !value.isNull() && !fits(value, field.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean fits(JsonNode value, GoType type) {
        return switch (type) {
            case STRING -> value.isTextual();
            case INT64 -> value.isIntegralNumber() && value.canConvertToLong();
            case INT -> value.isIntegralNumber() && value.canConvertToInt();
            case BOOL -> value.isBoolean();
            case OBJECT -> value.isObject();
            case ARRAY -> value.isArray();
            case ANY -> true;
        };
    }

    /** A string field that is present and not null (after {@link #binds} it is text). */
    public static Optional<String> text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }
}
