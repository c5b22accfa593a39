package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.Objects;

/**
 * One {@code metadata.managedFields} entry: who last wrote which fields, and how.
 *
 * @param manager     the field manager, e.g. {@code kubectl}
 * @param operation   {@link #APPLY} or {@link #UPDATE}
 * @param apiVersion  the group/version the fields were written in, or {@code null}
 * @param time        RFC 3339 time of the last change the manager made, or {@code null}
 * @param subresource e.g. {@code status}, or {@code null} for the main resource; part of the manager's identity
 * @param fields      the fields owned
 */
record ManagedFieldsEntry(String manager, String operation, String apiVersion, String time, String subresource,
                          FieldSet fields) {
    static final String APPLY = "Apply";
    static final String UPDATE = "Update";

    /** The apiserver's order: Apply before Update, then oldest first, then by manager, version, subresource. */
    static final Comparator<ManagedFieldsEntry> ORDER = Comparator
            .comparing(ManagedFieldsEntry::operation)
            .thenComparing(ManagedFieldsEntry::time, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(ManagedFieldsEntry::manager)
            .thenComparing(ManagedFieldsEntry::apiVersion, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(ManagedFieldsEntry::subresource, Comparator.nullsFirst(Comparator.naturalOrder()));

    ManagedFieldsEntry {
        Objects.requireNonNull(manager, "manager");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(fields, "fields");
        subresource = subresource == null || subresource.isEmpty() ? null : subresource;
    }

    /** The entry {@code json} describes, or {@code null} when it names no manager or operation. */
    static ManagedFieldsEntry fromJson(JsonNode json) {
        if (!json.path("manager").isTextual() || !json.path("operation").isTextual()) {
            return null;
        }
        return new ManagedFieldsEntry(json.get("manager").asText(), json.get("operation").asText(),
                textOrNull(json, "apiVersion"), textOrNull(json, "time"), textOrNull(json, "subresource"),
                FieldSet.fromFieldsV1(json.get("fieldsV1")));
    }

    ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("manager", manager);
        json.put("operation", operation);
        if (apiVersion != null) {
            json.put("apiVersion", apiVersion);
        }
        if (time != null) {
            json.put("time", time);
        }
        json.put("fieldsType", "FieldsV1");
        json.set("fieldsV1", fields.toFieldsV1());
        if (subresource != null) {
            json.put("subresource", subresource);
        }
        return json;
    }

    /** True for the main-resource entry of {@code name} with {@code op}: the identity the apiserver keys by. */
    boolean is(String name, String op) {
        return manager.equals(name) && operation.equals(op) && subresource == null;
    }

    ManagedFieldsEntry withFields(FieldSet owned) {
        return new ManagedFieldsEntry(manager, operation, apiVersion, time, subresource, owned);
    }

    /**
     * The manager as conflict messages name it: {@code "kubectl"} for an applier, {@code "kubectl-edit" using
     * group/version} for an updater (the apiserver's {@code printManager}).
     */
    String describe() {
        String name = "\"" + manager + "\"";
        if (subresource != null) {
            name += " with subresource \"" + subresource + "\"";
        }
        return operation.equals(UPDATE) && apiVersion != null ? name + " using " + apiVersion : name;
    }

    private static String textOrNull(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
