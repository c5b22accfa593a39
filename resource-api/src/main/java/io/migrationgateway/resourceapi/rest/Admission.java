package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.model.Status;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.resourceapi.validation.SchemaValidator;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.StorageException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The last check before an object is stored: unknown fields handled as {@code fieldValidation} says, then the
 * kind's schema. Validators are built once per kind (at startup, so a broken schema fails early).
 */
final class Admission {
    /**
     * An object fit to store and the warnings to send with the answer.
     *
     * @param warnings texts for {@code Warning} headers, one per dropped field
     */
    record Admitted(ObjectNode object, List<String> warnings) {
    }

    private final Map<GroupResource, SchemaValidator> validators = new HashMap<>();
    private final StatusErrors errors;

    Admission(Kinds kinds, StatusErrors errors) {
        kinds.all().forEach(kind -> validators.put(kind.groupResource(), SchemaValidator.forKind(kind)));
        this.errors = Objects.requireNonNull(errors, "errors");
    }

    /**
     * @throws io.migrationgateway.resourceapi.status.ApiException 400 for unknown fields under
     *                                                             {@code fieldValidation=Strict}, 422 when the
     *                                                             object breaks its schema
     */
    Admitted admit(KindDeclaration kind, ObjectNode object, FieldValidation mode) {
        SchemaValidator validator = validators.get(kind.groupResource());
        List<String> unknown = validator.unknownFields(object).stream()
                .map(path -> path.startsWith(".") ? path.substring(1) : path)
                .toList();
        if (mode == FieldValidation.STRICT && !unknown.isEmpty()) {
            throw StatusErrors.badRequest(unknown.stream().map(path -> "unknown field \"" + path + "\"")
                    .collect(Collectors.joining(", ", "strict decoding error: ", "")));
        }
        ObjectNode admitted = unknown.isEmpty() ? object : validator.prune(object);
        List<StorageException.Cause> causes = validator.validate(admitted);
        if (!causes.isEmpty()) {
            String name = admitted.path("metadata").path("name").asText(
                    admitted.path("metadata").path("generateName").asText(""));
            throw errors.invalid(kind, name, causes.stream()
                    .map(c -> new Status.Cause(c.reason(), c.message(), c.field())).toList());
        }
        List<String> warnings = mode == FieldValidation.WARN
                ? unknown.stream().map(path -> "unknown field \"" + path + "\"").toList()
                : List.of();
        return new Admitted(admitted, warnings);
    }
}
