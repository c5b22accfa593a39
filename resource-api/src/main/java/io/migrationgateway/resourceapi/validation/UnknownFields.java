package io.migrationgateway.resourceapi.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.function.Consumer;

/** Walks a value alongside its schema and reports each member the schema does not declare. */
final class UnknownFields {
    /**
     * One undeclared member.
     *
     * @param parent the object holding it (so a pruner can remove it)
     * @param path   its path with a leading dot, e.g. {@code .spec.items[0].foo}
     */
    record Unknown(ObjectNode parent, String key, String path) {
    }

    private UnknownFields() {
    }

    /**
     * Reports every undeclared member of {@code value} and below. Nothing is reported below a member that allows
     * anything, nor where the value does not have the schema's shape (that is a validation failure instead).
     */
    static void find(JsonNode value, Schema schema, String path, Consumer<Unknown> sink) {
        if (value instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                String memberPath = path + "." + member.getKey();
                Schema declared = schema.property(member.getKey());
                Schema memberSchema = declared != null ? declared : schema.additionalProperties();
                if (memberSchema != null) {
                    find(member.getValue(), memberSchema, memberPath, sink);
                } else if (!schema.allowsAnyMember()) {
                    sink.accept(new Unknown(object, member.getKey(), memberPath));
                }
            }
        } else if (value.isArray() && schema.items() != null) {
            for (int i = 0; i < value.size(); i++) {
                find(value.get(i), schema.items(), path + "[" + i + "]", sink);
            }
        }
    }
}
