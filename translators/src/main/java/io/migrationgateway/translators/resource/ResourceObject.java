package io.migrationgateway.translators.resource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyTime;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Read access to a Kubernetes-style object ({@code apiVersion}, {@code kind}, {@code metadata}, {@code spec},
 * {@code status}) that tolerates any shape: a missing or mistyped field reads as absent, never as an exception.
 * {@link #builder} writes one in the apiserver's field order.
 */
public record ResourceObject(ObjectNode json) {
    public ResourceObject {
        Objects.requireNonNull(json, "json");
    }

    public JsonNode metadata() {
        return json.path("metadata");
    }

    public String name() {
        return text(metadata(), "name").orElse("");
    }

    public String resourceVersion() {
        return text(metadata(), "resourceVersion").orElse("");
    }

    public long generation() {
        JsonNode generation = metadata().path("generation");
        return generation.canConvertToLong() ? generation.asLong() : 0;
    }

    public Optional<Instant> creationTimestamp() {
        return text(metadata(), "creationTimestamp").flatMap(LegacyTime::parse);
    }

    public Optional<Instant> deletionTimestamp() {
        return text(metadata(), "deletionTimestamp").flatMap(LegacyTime::parse);
    }

    /** A label's value; empty when missing or empty. */
    public Optional<String> label(String key) {
        return text(metadata().path("labels"), key).filter(v -> !v.isEmpty());
    }

    /** An annotation's value; empty when missing or empty (Grafana treats both alike). */
    public Optional<String> annotation(String key) {
        return text(metadata().path("annotations"), key).filter(v -> !v.isEmpty());
    }

    /**
     * The legacy numeric id from the {@code deprecatedInternalID} label; 0 when there is none or it is not a
     * positive number (Grafana reads it the same way: a missing id is 0).
     */
    public long legacyId() {
        return label(GrafanaMeta.DEPRECATED_INTERNAL_ID).map(ResourceObject::positiveLong).orElse(0L);
    }

    /** The spec; a {@link MissingNode} when there is none. */
    public JsonNode spec() {
        return json.path("spec");
    }

    /** A text field of the spec; empty when missing or not text. */
    public Optional<String> specText(String field) {
        return text(spec(), field);
    }

    /** A positive decimal long, or 0. */
    public static long positiveLong(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return 0;
        }
        return Long.parseLong(text);
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    /** A builder of an object of {@code kind} served as {@code version}. */
    public static Builder builder(KindDeclaration kind, String version) {
        return new Builder(kind.apiVersion(version), kind.kind());
    }

    /** Builds an object with the apiserver's field order; labels and annotations sorted, as Go writes maps. */
    public static final class Builder {
        private final String apiVersion;
        private final String kind;
        private String name;
        private String namespace;
        private String resourceVersion;
        private Long generation;
        private Instant creationTimestamp;
        private Instant deletionTimestamp;
        private final Map<String, String> labels = new TreeMap<>();
        private final Map<String, String> annotations = new TreeMap<>();
        private JsonNode spec;
        private JsonNode status;

        private Builder(String apiVersion, String kind) {
            this.apiVersion = apiVersion;
            this.kind = kind;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** Left out when null or empty. */
        public Builder resourceVersion(String resourceVersion) {
            this.resourceVersion = resourceVersion;
            return this;
        }

        public Builder generation(long generation) {
            this.generation = generation;
            return this;
        }

        public Builder creationTimestamp(Instant creationTimestamp) {
            this.creationTimestamp = creationTimestamp;
            return this;
        }

        public Builder deletionTimestamp(Instant deletionTimestamp) {
            this.deletionTimestamp = deletionTimestamp;
            return this;
        }

        /** Every label and annotation of {@code other}'s metadata, to be overridden by later calls. */
        public Builder labelsAndAnnotationsOf(ResourceObject other) {
            other.metadata().path("labels").properties().forEach(e -> {
                if (e.getValue().isTextual()) {
                    labels.put(e.getKey(), e.getValue().asText());
                }
            });
            other.metadata().path("annotations").properties().forEach(e -> {
                if (e.getValue().isTextual()) {
                    annotations.put(e.getKey(), e.getValue().asText());
                }
            });
            return this;
        }

        /** Sets a label, or removes it when {@code value} is null or empty. */
        public Builder label(String key, String value) {
            put(labels, key, value);
            return this;
        }

        /** Sets the legacy id label; an id of 0 or less removes it (Grafana: "setting it to 0 removes it"). */
        public Builder legacyId(long id) {
            return label(GrafanaMeta.DEPRECATED_INTERNAL_ID, id > 0 ? Long.toString(id) : null);
        }

        /** Sets an annotation, or removes it when {@code value} is null or empty. */
        public Builder annotation(String key, String value) {
            put(annotations, key, value);
            return this;
        }

        public Builder spec(JsonNode spec) {
            this.spec = spec;
            return this;
        }

        public Builder status(JsonNode status) {
            this.status = status;
            return this;
        }

        public ObjectNode build() {
            ObjectNode object = Json.object();
            object.put("apiVersion", apiVersion);
            object.put("kind", kind);
            ObjectNode metadata = object.putObject("metadata");
            putText(metadata, "name", name);
            putText(metadata, "namespace", namespace);
            putText(metadata, "resourceVersion", resourceVersion);
            if (generation != null) {
                metadata.put("generation", generation);
            }
            if (creationTimestamp != null) {
                metadata.put("creationTimestamp", LegacyTime.format(creationTimestamp));
            }
            if (deletionTimestamp != null) {
                metadata.put("deletionTimestamp", LegacyTime.format(deletionTimestamp));
            }
            if (!labels.isEmpty()) {
                ObjectNode out = metadata.putObject("labels");
                labels.forEach(out::put);
            }
            if (!annotations.isEmpty()) {
                ObjectNode out = metadata.putObject("annotations");
                annotations.forEach(out::put);
            }
            if (spec != null) {
                object.set("spec", spec);
            }
            if (status != null) {
                object.set("status", status);
            }
            return object;
        }

        private static void put(Map<String, String> map, String key, String value) {
            if (value == null || value.isEmpty()) {
                map.remove(key);
            } else {
                map.put(key, value);
            }
        }

        private static void putText(ObjectNode node, String field, String value) {
            if (value != null && !value.isEmpty()) {
                node.put(field, value);
            }
        }
    }
}
