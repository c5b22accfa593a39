package io.migrationgateway.resourceapi.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.storage.StorageException.Cause;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Validates objects of one kind against the kind's OpenAPI 3 document, as the apiserver validates custom
 * resources: {@code spec} against the kind's spec schema, and unknown fields at the top level, in
 * {@code metadata} (ObjectMeta's fields) and in {@code spec}. The identity and metadata rules (name, namespace,
 * labels…) are the storage's; {@code status} is not checked (the server writes it).
 *
 * <p>Immutable and thread-safe: build one per kind at startup with {@link #forKind}.
 */
public final class SchemaValidator {
    /** The fields of Kubernetes' ObjectMeta, the only ones {@code metadata} may have. */
    static final Set<String> OBJECT_META_FIELDS = Set.of("name", "generateName", "namespace", "selfLink", "uid",
            "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
            "labels", "annotations", "ownerReferences", "finalizers", "managedFields");

    /** The top level of every Kubernetes object, used when the document does not describe the kind. */
    private static final Set<String> OBJECT_FIELDS = Set.of("apiVersion", "kind", "metadata", "spec", "status");

    private final Schema spec;
    private final boolean specRequired;
    private final Set<String> topLevelFields;

    SchemaValidator(KindDeclaration kind, SchemaDocument document) {
        this.spec = kind.specSchema() == null ? null : document.component(kind.specSchema());
        Schema object = document.kind(kind.group(), kind.kind());
        if (object == null) {
            this.specRequired = spec != null;
            this.topLevelFields = OBJECT_FIELDS;
        } else {
            this.specRequired = object.required().contains("spec");
            Set<String> declared = new HashSet<>();
            object.node().path("properties").fieldNames().forEachRemaining(declared::add);
            this.topLevelFields = Set.copyOf(declared);
        }
    }

    /**
     * The validator of {@code kind}, from the OpenAPI document {@link KindDeclaration#openApi()} names on the
     * classpath.
     *
     * @throws IllegalStateException when the document is missing, lacks the declared spec schema or has a
     *                               reference that does not resolve (a packaging error: fail at startup)
     */
    public static SchemaValidator forKind(KindDeclaration kind) {
        Objects.requireNonNull(kind, "kind");
        return new SchemaValidator(kind, SchemaDocument.load(kind.openApi()));
    }

    /**
     * What is wrong with {@code object}'s {@code spec}, as 422 Invalid causes; empty when it is valid. A missing
     * spec is {@code spec: Required value} when the kind requires one; a kind without a spec schema accepts any
     * JSON object as spec. Field paths are printed the Kubernetes way ({@code spec.items[0].type}); reasons are
     * {@code FieldValueRequired}, {@code FieldValueTypeInvalid} and {@code FieldValueNotSupported}.
     */
    public List<Cause> validate(ObjectNode object) {
        List<Cause> causes = new ArrayList<>();
        JsonNode value = object.get("spec");
        if (value == null || value.isNull()) {
            if (specRequired) {
                causes.add(ValueValidator.required("spec"));
            }
        } else if (spec == null) {
            if (!value.isObject()) {
                causes.add(ValueValidator.typeInvalid("spec", "object", value));
            }
        } else {
            ValueValidator.validate(value, spec, "spec", causes);
        }
        return causes;
    }

    /**
     * The fields of {@code object} its kind does not declare, in document order, each with a leading dot
     * ({@code .spec.foo}, {@code .metadata.foo}, {@code .foo}); nothing below a field that preserves unknown
     * fields. Kubernetes prints them without the dot: {@code strict decoding error: unknown field "spec.foo"}
     * (400 for {@code fieldValidation=Strict}) or the warning {@code unknown field "spec.foo"} ({@code Warn}).
     */
    public List<String> unknownFields(ObjectNode object) {
        List<String> paths = new ArrayList<>();
        findUnknown(object, unknown -> paths.add(unknown.path()));
        return paths;
    }

    /**
     * A copy of {@code object} without the fields {@link #unknownFields} reports, as the apiserver prunes custom
     * resources ({@code fieldValidation=Ignore}, and what is stored after a {@code Warn}).
     */
    public ObjectNode prune(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        List<UnknownFields.Unknown> unknowns = new ArrayList<>();
        findUnknown(copy, unknowns::add);
        // removed after the walk: removing while walking would disturb the iteration
        unknowns.forEach(unknown -> unknown.parent().remove(unknown.key()));
        return copy;
    }

    private void findUnknown(ObjectNode object, Consumer<UnknownFields.Unknown> sink) {
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            String key = member.getKey();
            if (!topLevelFields.contains(key)) {
                sink.accept(new UnknownFields.Unknown(object, key, "." + key));
            } else if (key.equals("metadata") && member.getValue() instanceof ObjectNode metadata) {
                metadata.fieldNames().forEachRemaining(field -> {
                    if (!OBJECT_META_FIELDS.contains(field)) {
                        sink.accept(new UnknownFields.Unknown(metadata, field, ".metadata." + field));
                    }
                });
            } else if (key.equals("spec") && spec != null) {
                UnknownFields.find(member.getValue(), spec, ".spec", sink);
            }
        }
    }
}
