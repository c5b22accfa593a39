package io.migrationgateway.resourceapi.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One resolved schema node (no {@code $ref} or wrapper left at its top); the schemas below it resolve when asked.
 *
 * @param nullable whether {@code null} is a valid value, from this node or a wrapper that referenced it
 */
record Schema(SchemaDocument document, JsonNode node, boolean nullable) {

    /** The declared {@code type}, or {@code null} when any type is allowed. */
    String type() {
        return node.path("type").isTextual() ? node.get("type").asText() : null;
    }

    /** The allowed values, or {@code null} when not an enum. */
    JsonNode enumValues() {
        return node.path("enum").isArray() ? node.get("enum") : null;
    }

    List<String> required() {
        List<String> names = new ArrayList<>();
        node.path("required").forEach(name -> names.add(name.asText()));
        return names;
    }

    /** The schema of the declared property {@code name}, or {@code null} when it is not declared. */
    Schema property(String name) {
        JsonNode property = node.path("properties").get(name);
        return property == null ? null : document.resolve(property);
    }

    /** The schema every undeclared member must match ({@code additionalProperties} as a schema), or {@code null}. */
    Schema additionalProperties() {
        JsonNode additional = node.get("additionalProperties");
        return additional != null && additional.isObject() ? document.resolve(additional) : null;
    }

    /**
     * Whether undeclared members are allowed without a schema: {@code x-kubernetes-preserve-unknown-fields},
     * {@code additionalProperties: true}, or an object that declares no properties at all (Go's
     * {@code map[string]any} is published as a bare {@code type: object}).
     */
    boolean allowsAnyMember() {
        JsonNode additional = node.get("additionalProperties");
        if (node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
                || (additional != null && additional.asBoolean(false))) {
            return true;
        }
        return additional == null && !node.has("properties");
    }

    /** The schema of the list items, or {@code null}. */
    Schema items() {
        JsonNode items = node.get("items");
        return items == null || !items.isObject() ? null : document.resolve(items);
    }

    /** The schemas directly below this one: properties, additional properties, items. */
    List<Schema> children() {
        List<Schema> children = new ArrayList<>();
        node.path("properties").forEach(property -> children.add(document.resolve(property)));
        if (additionalProperties() != null) {
            children.add(additionalProperties());
        }
        if (items() != null) {
            children.add(items());
        }
        return children;
    }
}
