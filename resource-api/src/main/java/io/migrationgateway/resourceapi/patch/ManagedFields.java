package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code metadata.managedFields} bookkeeping for every write that is not a server-side apply: create, update
 * (PUT), merge patch and JSON patch. Server-side apply keeps its own books in {@link ServerSideApply}.
 *
 * <p>Lists are atomic (a list is one owned field) and objects are maps. {@code apiVersion}, {@code kind} and the
 * server-maintained metadata ({@code name}, {@code namespace}, {@code uid}, {@code resourceVersion},
 * {@code generation}, {@code creationTimestamp}, {@code deletionTimestamp}, {@code managedFields}…) are never
 * owned. Not thread-safe on the same objects; stateless otherwise.
 */
public final class ManagedFields {
    private ManagedFields() {
    }

    /**
     * Records in {@code after} who owns what after a create or update by {@code fieldManager}.
     *
     * <p>The entries come from {@code before} (the stored object): whatever {@code managedFields} the client sent
     * in {@code after} is replaced, so clients cannot rewrite ownership by echoing an edited object back. The
     * fields whose value differs between {@code before} and {@code after} (on create: all fields) become owned by
     * {@code fieldManager} with operation {@code Update} and are taken from every other manager; fields that no
     * longer exist are owned by nobody; an entry left with no fields is dropped. The manager's entry gets
     * {@code now} as its time (and {@code apiVersion}) only when the write changed fields.
     *
     * @param before       the stored object, or {@code null} on create; not modified
     * @param after        the object about to be stored; its {@code metadata.managedFields} is rewritten
     * @param fieldManager the {@code fieldManager} query parameter, or {@code null}: then no one gains fields
     * @param apiVersion   the group/version the request was made in, e.g. {@code dashboard.grafana.app/v1beta1}
     * @param now          the request time (truncated to seconds, as Kubernetes writes it)
     */
    public static void recordUpdate(ObjectNode before, ObjectNode after, String fieldManager, String apiVersion,
                                    Instant now) {
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(now, "now");
        List<ManagedFieldsEntry> entries = before == null ? List.of() : read(before);
        if (fieldManager == null || fieldManager.isEmpty()) {
            write(after, entries);
            return;
        }
        FieldSet changed = FieldSet.changedBetween(before, after);
        List<ManagedFieldsEntry> result = new ArrayList<>();
        ManagedFieldsEntry mine = null;
        for (ManagedFieldsEntry entry : entries) {
            if (entry.is(fieldManager, ManagedFieldsEntry.UPDATE)) {
                mine = entry;
            } else {
                result.add(entry.withFields(entry.fields().filter(owned -> !overriddenByAny(owned, changed, before))));
            }
        }
        if (mine == null && !changed.isEmpty()) {
            result.add(new ManagedFieldsEntry(fieldManager, ManagedFieldsEntry.UPDATE, apiVersion, timestamp(now),
                    null, changed));
        } else if (mine != null) {
            result.add(changed.isEmpty() ? mine : new ManagedFieldsEntry(fieldManager, ManagedFieldsEntry.UPDATE,
                    apiVersion, timestamp(now), null, mine.fields().union(changed)));
        }
        write(after, result);
    }

    /** The readable entries of {@code object}'s {@code metadata.managedFields}. */
    static List<ManagedFieldsEntry> read(ObjectNode object) {
        List<ManagedFieldsEntry> entries = new ArrayList<>();
        for (JsonNode json : object.path("metadata").path("managedFields")) {
            ManagedFieldsEntry entry = ManagedFieldsEntry.fromJson(json);
            if (entry != null) {
                entries.add(entry);
            }
        }
        return entries;
    }

    /**
     * Sets {@code object}'s {@code metadata.managedFields} to {@code entries}, in the apiserver's order, each
     * without fields {@code object} does not have; entries left empty are dropped, and with none left the member
     * is removed.
     */
    static void write(ObjectNode object, List<ManagedFieldsEntry> entries) {
        List<ManagedFieldsEntry> kept = entries.stream()
                .map(entry -> entry.withFields(entry.fields().filter(path -> path.find(object) != null)))
                .filter(entry -> !entry.fields().isEmpty())
                .sorted(ManagedFieldsEntry.ORDER)
                .toList();
        ObjectNode metadata = object.get("metadata") instanceof ObjectNode m ? m : object.putObject("metadata");
        if (kept.isEmpty()) {
            metadata.remove("managedFields");
            return;
        }
        ArrayNode array = metadata.arrayNode();
        kept.forEach(entry -> array.add(entry.toJson()));
        metadata.set("managedFields", array);
    }

    /**
     * Whether writing the changed leaf {@code changed} takes the field {@code owned} from its owner: it is the
     * same field, lies inside it, or is a non-object the write turns into an object. Owning an object that exists
     * ({@code "."}) is not taken by writing into it.
     *
     * @param current the object before the write, or {@code null}
     */
    static boolean overrides(FieldPath changed, FieldPath owned, JsonNode current) {
        if (changed.contains(owned)) {
            return true;
        }
        if (owned.contains(changed)) {
            JsonNode value = owned.find(current);
            return value == null || !value.isObject();
        }
        return false;
    }

    static String timestamp(Instant now) {
        return now.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static boolean overriddenByAny(FieldPath owned, FieldSet changed, JsonNode current) {
        return changed.paths().stream().anyMatch(path -> overrides(path, owned, current));
    }
}
