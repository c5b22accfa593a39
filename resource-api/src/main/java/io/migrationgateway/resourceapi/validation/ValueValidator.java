package io.migrationgateway.resourceapi.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.storage.StorageException.Cause;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * Checks a value against a schema and words each failure as the apiserver does for custom resources
 * ({@code field.Required}, {@code field.TypeInvalid}, {@code field.NotSupported}). Unknown fields are not
 * failures here: {@link UnknownFields} finds them.
 */
final class ValueValidator {
    static final String REQUIRED = "FieldValueRequired";
    static final String TYPE_INVALID = "FieldValueTypeInvalid";
    static final String NOT_SUPPORTED = "FieldValueNotSupported";

    private ValueValidator() {
    }

    static Cause required(String path) {
        return new Cause(path, REQUIRED, "Required value");
    }

    static Cause typeInvalid(String path, String expectedType, JsonNode value) {
        String actual = typeOf(value);
        return new Cause(path, TYPE_INVALID, "Invalid value: \"" + actual + "\": " + path
                + " in body must be of type " + expectedType + ": \"" + actual + "\"");
    }

    /**
     * Adds to {@code causes} what is wrong with {@code value} (present, possibly {@code null}).
     *
     * @param path the field path as Kubernetes prints it, e.g. {@code spec.items[0].type}
     */
    static void validate(JsonNode value, Schema schema, String path, List<Cause> causes) {
        if (value.isNull() && schema.nullable()) {
            return;
        }
        String type = schema.type();
        if (type != null && !hasType(value, type)) {
            causes.add(typeInvalid(path, type, value));
            return;
        }
        JsonNode allowed = schema.enumValues();
        if (allowed != null && StreamSupport.stream(allowed.spliterator(), false).noneMatch(value::equals)) {
            causes.add(new Cause(path, NOT_SUPPORTED, "Unsupported value: " + value + ": supported values: "
                    + StreamSupport.stream(allowed.spliterator(), false).map(JsonNode::toString)
                    .collect(Collectors.joining(", "))));
            return;
        }
        if (value.isObject()) {
            validateMembers(value, schema, path, causes);
        } else if (value.isArray() && schema.items() != null) {
            Schema items = schema.items();
            for (int i = 0; i < value.size(); i++) {
                validate(value.get(i), items, path + "[" + i + "]", causes);
            }
        }
    }

    private static void validateMembers(JsonNode object, Schema schema, String path, List<Cause> causes) {
        for (String name : schema.required()) {
            if (absent(object.get(name), schema.property(name))) {
                causes.add(required(path + "." + name));
            }
        }
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            Schema declared = schema.property(member.getKey());
            Schema memberSchema = declared != null ? declared : schema.additionalProperties();
            if (memberSchema != null && !absent(member.getValue(), memberSchema)) {
                validate(member.getValue(), memberSchema, path + "." + member.getKey(), causes);
            }
        }
    }

    /** A member set to {@code null} where null is not allowed counts as absent: the apiserver prunes such nulls. */
    private static boolean absent(JsonNode value, Schema schema) {
        return value == null || (value.isNull() && (schema == null || !schema.nullable()));
    }

    private static boolean hasType(JsonNode value, String type) {
        return switch (type) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "integer" -> value.isIntegralNumber() || (value.isNumber() && value.canConvertToExactIntegral());
            case "number" -> value.isNumber();
            default -> true;
        };
    }

    /** The type name the apiserver reports for a value of the wrong type. */
    private static String typeOf(JsonNode value) {
        if (value.isObject()) {
            return "object";
        } else if (value.isArray()) {
            return "array";
        } else if (value.isTextual()) {
            return "string";
        } else if (value.isBoolean()) {
            return "boolean";
        } else if (value.isIntegralNumber()) {
            return "integer";
        } else if (value.isNumber()) {
            return "number";
        }
        return "null";
    }
}
