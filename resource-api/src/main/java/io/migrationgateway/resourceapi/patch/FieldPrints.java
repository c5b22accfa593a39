package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who changed which field, told from a small print of an object instead of the object itself: a store that keeps an
 * object's metadata apart from the object (the gateway over the legacy API) keeps the print of the state it wrote, and
 * when the object later differs, the fields that differ are recorded as changed by another manager, as
 * {@link ManagedFields#recordUpdate} records an update.
 *
 * <p>A print has the object's shape down to its fields ({@link FieldSet}: scalars, lists and empty objects), each
 * field's value replaced by a 12-byte hash of its canonical JSON (keys sorted), so a print grows with the number of
 * fields, not with their size: a dashboard's panels are one field.
 */
public final class FieldPrints {
    private static final ObjectMapper READER = new ObjectMapper();

    private FieldPrints() {
    }

    /** The print of {@code object}: its members except {@code metadata.managedFields}, each field hashed. */
    public static ObjectNode print(JsonNode object) {
        ObjectNode print = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            print.set(member.getKey(), printed(member.getValue()));
        }
        if (print.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove("managedFields");
        }
        return print;
    }

    /**
     * Rewrites {@code object}'s {@code metadata.managedFields} as if {@code manager} had updated it from the state
     * {@code before} was printed from, owned then as {@code beforeManagedFields} says: every field whose print differs
     * between {@code before} and {@code after} (the object's print, as the caller took it) becomes {@code manager}'s
     * (operation {@code Update}) and is taken from the others.
     *
     * @param time when the change was made, as well as it is known
     */
    public static void recordChange(ObjectNode object, ObjectNode before, JsonNode beforeManagedFields, ObjectNode after,
                                    String manager, String apiVersion, Instant time) {
        ObjectNode was = before.deepCopy();
        if (beforeManagedFields != null && beforeManagedFields.isArray()) {
            was.withObjectProperty("metadata").set("managedFields", beforeManagedFields.deepCopy());
        }
        ObjectNode now = after.deepCopy();
        ManagedFields.recordUpdate(was, now, manager, apiVersion, time);
        ObjectNode metadata = object.withObjectProperty("metadata");
        JsonNode entries = now.path("metadata").get("managedFields");
        if (entries instanceof ArrayNode array) {
            metadata.set("managedFields", array);
        } else {
            metadata.remove("managedFields");
        }
    }

    /** A 12-byte hash of {@code value}'s canonical JSON, as a print holds it for each field. */
    public static String hash(JsonNode value) {
        StringBuilder canonical = new StringBuilder();
        canonical(parsed(value), canonical);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static JsonNode printed(JsonNode given) {
        JsonNode value = parsed(given);
        if (value.isObject() && !value.isEmpty()) {
            ObjectNode print = JsonNodeFactory.instance.objectNode();
            value.properties().forEach(member -> print.set(member.getKey(), printed(member.getValue())));
            return print;
        }
        if (value.isObject()) {
            return JsonNodeFactory.instance.objectNode();
        }
        return JsonNodeFactory.instance.textNode(hash(value));
    }

    /** A value kept as JSON text (unified storage's imports leave a spec unparsed), as the tree it is. */
    private static JsonNode parsed(JsonNode value) {
        if (value instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw) {
            try {
                return READER.readTree(raw.rawValue().toString());
            } catch (IOException e) {
                throw new IllegalArgumentException("a raw JSON value that does not parse", e);
            }
        }
        return value;
    }

    /** JSON text with every object's keys sorted, so that equal values print alike whatever order they were read in. */
    private static void canonical(JsonNode value, StringBuilder out) {
        if (value.isObject()) {
            Map<String, JsonNode> sorted = new TreeMap<>();
            value.properties().forEach(member -> sorted.put(member.getKey(), member.getValue()));
            out.append('{');
            sorted.forEach((key, member) -> {
                out.append(JsonNodeFactory.instance.textNode(key)).append(':');
                canonical(member, out);
                out.append(',');
            });
            out.append('}');
        } else if (value.isArray()) {
            out.append('[');
            value.forEach(item -> {
                canonical(item, out);
                out.append(',');
            });
            out.append(']');
        } else {
            out.append(value);
        }
    }
}
