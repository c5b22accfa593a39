package io.migrationgateway.resourceapi.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/** The component schemas of one OpenAPI 3 document, with {@code $ref} resolution. Immutable. */
final class SchemaDocument {
    private static final String REF_PREFIX = "#/components/schemas/";
    /** Far more than any real chain of references; only a cycle of pure references gets there. */
    private static final int MAX_HOPS = 32;

    private final String source;
    private final JsonNode schemas;

    SchemaDocument(String source, JsonNode document) {
        this.source = source;
        this.schemas = document.path("components").path("schemas");
        if (!schemas.isObject()) {
            throw new IllegalStateException(source + " has no components.schemas");
        }
    }

    /** Reads the document from the classpath; a missing or unreadable document is a startup error. */
    static SchemaDocument load(String resource) {
        try (InputStream in = SchemaDocument.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("OpenAPI document not on the classpath: " + resource);
            }
            return new SchemaDocument(resource, new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read OpenAPI document " + resource, e);
        }
    }

    /** The component {@code name}, resolved; every schema reachable from it must resolve too. */
    Schema component(String name) {
        JsonNode node = schemas.get(name);
        if (node == null) {
            throw new IllegalStateException(source + " has no schema " + name);
        }
        Schema schema = resolve(node);
        requireResolvable(schema, Collections.newSetFromMap(new IdentityHashMap<>()));
        return schema;
    }

    /** The schema of the kind (the one tagged with its group and kind in {@code x-kubernetes-group-version-kind}). */
    Schema kind(String group, String kind) {
        for (Map.Entry<String, JsonNode> component : schemas.properties()) {
            for (JsonNode gvk : component.getValue().path("x-kubernetes-group-version-kind")) {
                if (group.equals(gvk.path("group").asText()) && kind.equals(gvk.path("kind").asText())) {
                    return component(component.getKey());
                }
            }
        }
        return null;
    }

    /**
     * Follows {@code $ref}s and single-member {@code allOf}s (how generated documents wrap a reference to add a
     * description or default) to the schema that says something; {@code nullable} on any wrapper counts.
     */
    Schema resolve(JsonNode node) {
        boolean nullable = false;
        for (int hops = 0; hops < MAX_HOPS; hops++) {
            nullable |= node.path("nullable").asBoolean(false);
            if (node.has("$ref")) {
                node = referenced(node.get("$ref").asText());
            } else if (node.path("allOf").size() == 1 && !node.has("type") && !node.has("properties")) {
                node = node.get("allOf").get(0);
            } else {
                return new Schema(this, node, nullable);
            }
        }
        throw new IllegalStateException(source + ": a cycle of references at " + node);
    }

    private JsonNode referenced(String ref) {
        JsonNode target = ref.startsWith(REF_PREFIX) ? schemas.get(ref.substring(REF_PREFIX.length())) : null;
        if (target == null) {
            throw new IllegalStateException(source + ": cannot resolve $ref " + ref);
        }
        return target;
    }

    /** Resolves everything below {@code schema} once, so a broken document fails at startup, not on a request. */
    private static void requireResolvable(Schema schema, Set<JsonNode> seen) {
        if (!seen.add(schema.node())) {
            return;
        }
        schema.children().forEach(child -> requireResolvable(child, seen));
    }
}
