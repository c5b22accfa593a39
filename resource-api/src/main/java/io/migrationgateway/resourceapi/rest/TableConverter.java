package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.resourceapi.status.StatusErrors;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Objects as a {@code meta.k8s.io} Table, what {@code kubectl get} asks for: columns Name, Title and Age, cells
 * printed by kubectl as they are. Each row carries the object's metadata ({@code PartialObjectMetadata}) so that
 * {@code -A} can show the namespace and {@code --show-labels} the labels.
 */
final class TableConverter {
    /** What each row carries, from the {@code includeObject} parameter. */
    enum IncludeObject {
        NONE, METADATA, OBJECT;

        static IncludeObject parse(String value) {
            if (value == null || value.isEmpty() || value.equals("Metadata")) {
                return METADATA;
            }
            return switch (value) {
                case "None" -> NONE;
                case "Object" -> OBJECT;
                default -> throw StatusErrors.badRequest("includeObject: Unsupported value: \"" + value
                        + "\": supported values: \"None\", \"Metadata\", \"Object\"");
            };
        }
    }

    private final Clock clock;

    TableConverter(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * @param objects      the objects, already in the requested apiVersion
     * @param listMetadata the Table's {@code metadata} (resourceVersion, continue)
     */
    ObjectNode table(KindDeclaration kind, List<ObjectNode> objects, String tableVersion, IncludeObject include,
                     ObjectNode listMetadata) {
        ObjectNode table = JsonNodeFactory.instance.objectNode();
        table.put("kind", "Table");
        table.put("apiVersion", "meta.k8s.io/" + tableVersion);
        table.set("metadata", listMetadata);
        table.set("columnDefinitions", columns(kind));
        ArrayNode rows = table.putArray("rows");
        Instant now = clock.instant();
        for (ObjectNode object : objects) {
            rows.add(row(kind, object, tableVersion, include, now));
        }
        return table;
    }

    /** The Table's {@code columnDefinitions}: Name, Title, Age. */
    ArrayNode columns(KindDeclaration kind) {
        ArrayNode columns = JsonNodeFactory.instance.arrayNode();
        column(columns, "Name", "name", "Name must be unique within a namespace.");
        column(columns, "Title", "", "The " + kind.kind().toLowerCase(Locale.ROOT) + "'s title.");
        column(columns, "Age", "", "Time since the object was created.");
        return columns;
    }

    /** One row of {@code object} (already in the requested apiVersion), its age as of {@code now}. */
    ObjectNode row(KindDeclaration kind, ObjectNode object, String tableVersion, IncludeObject include, Instant now) {
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        ArrayNode cells = row.putArray("cells");
        JsonNode metadata = object.path("metadata");
        cells.add(metadata.path("name").asText());
        cells.add(object.path("spec").path(kind.titleField()).asText(""));
        cells.add(age(metadata.path("creationTimestamp").asText(null), now));
        switch (include) {
            case NONE -> { }
            case METADATA -> {
                ObjectNode partial = row.putObject("object");
                partial.put("kind", "PartialObjectMetadata");
                partial.put("apiVersion", "meta.k8s.io/" + tableVersion);
                partial.set("metadata", metadata.deepCopy());
            }
            case OBJECT -> row.set("object", object);
        }
        return row;
    }

    Instant now() {
        return clock.instant();
    }

    private static void column(ArrayNode columns, String name, String format, String description) {
        ObjectNode column = columns.addObject();
        column.put("name", name);
        column.put("type", "string");
        column.put("format", format);
        column.put("description", description);
        column.put("priority", 0);
    }

    private static String age(String creationTimestamp, Instant now) {
        if (creationTimestamp == null) {
            return "<unknown>";
        }
        try {
            return HumanDuration.format(Duration.between(Instant.parse(creationTimestamp), now));
        } catch (DateTimeParseException e) {
            return "<unknown>";
        }
    }
}
