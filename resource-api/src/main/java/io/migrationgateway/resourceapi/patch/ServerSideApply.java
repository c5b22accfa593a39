package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Server-side apply ({@code PATCH} with {@code application/apply-patch+yaml}), as the apiserver merges an
 * applied configuration into the live object and keeps field ownership in {@code metadata.managedFields}.
 *
 * <p>Lists are atomic and objects are maps (see {@link ManagedFields}). Stateless and thread-safe.
 */
public final class ServerSideApply {
    /** The manager Kubernetes gives the fields of an object that had no managed fields before its first apply. */
    static final String BEFORE_FIRST_APPLY = "before-first-apply";

    private ServerSideApply() {
    }

    /**
     * The object after {@code fieldManager} applies {@code applied}; neither argument is modified.
     *
     * <ul>
     *   <li>Every field of {@code applied} is set; the manager's {@code Apply} entry then owns exactly those
     *       fields.</li>
     *   <li>A field the manager applied before and no longer applies is removed, unless another manager owns it
     *       too (or a field inside it).</li>
     *   <li>Applying a field another manager owns is a conflict only if it changes its value; the same value
     *       makes the field shared. With {@code force}, conflicting fields move to the applier.</li>
     *   <li>An object without managed fields (written before anyone tracked them, e.g. migrated from the legacy
     *       API) has all its fields owned by {@code before-first-apply} first, as in Kubernetes.</li>
     *   <li>Re-applying the same configuration returns an object equal to {@code live}, managed-fields times
     *       included, so the store sees no change.</li>
     * </ul>
     *
     * <p>Only {@code apiVersion}, {@code kind} and, when creating, {@code metadata.name}, {@code namespace} and
     * {@code generateName} are taken from {@code applied} among the identity fields; the caller checks that the
     * name and namespace match the request and handles {@code resourceVersion} preconditions.
     *
     * @param live         the stored object, or {@code null} when it does not exist (apply then creates it)
     * @param applied      the applied configuration (the request body as a JSON object)
     * @param fieldManager the {@code fieldManager} query parameter; required
     * @param force        the {@code force} query parameter
     * @param now          the request time
     * @return a fresh object to store
     * @throws PatchException         {@link PatchException.Kind#BAD_REQUEST} without a field manager
     * @throws ApplyConflictException when {@code force} is false and other managers own fields whose values the
     *                                apply changes (409 Conflict)
     */
    public static ObjectNode apply(ObjectNode live, ObjectNode applied, String fieldManager, boolean force,
                                   Instant now) {
        Objects.requireNonNull(applied, "applied");
        Objects.requireNonNull(now, "now");
        if (fieldManager == null || fieldManager.isBlank()) {
            throw new PatchException(PatchException.Kind.BAD_REQUEST, "PATCH /apply requires a fieldManager");
        }
        ObjectNode current = live == null ? JsonNodeFactory.instance.objectNode() : live;
        FieldSet appliedFields = FieldSet.leavesOf(applied);
        FieldSet changing = appliedFields.filter(path -> FieldSet.changes(path.find(current), path.find(applied)));

        ManagedFieldsEntry previous = null;
        List<ManagedFieldsEntry> others = new ArrayList<>();
        for (ManagedFieldsEntry entry : entriesOf(live, now)) {
            if (entry.is(fieldManager, ManagedFieldsEntry.APPLY)) {
                previous = entry;
            } else {
                others.add(entry);
            }
        }

        Map<ManagedFieldsEntry, FieldSet> lost = conflicts(others, changing, current);
        if (!lost.isEmpty() && !force) {
            throw conflictError(lost);
        }
        List<ManagedFieldsEntry> kept = others.stream()
                .map(entry -> lost.containsKey(entry)
                        ? entry.withFields(entry.fields().filter(path -> !lost.get(entry).contains(path)))
                        : entry)
                .toList();

        ObjectNode result = live == null ? identityOf(applied) : live.deepCopy();
        copyTypeFields(applied, result);
        if (previous != null) {
            removeDropped(result, previous.fields(), appliedFields, kept);
        }
        merge(result, applied, FieldPath.ROOT);

        boolean unchanged = previous != null && previous.fields().equals(appliedFields)
                && withoutManagedFields(result).equals(withoutManagedFields(current));
        List<ManagedFieldsEntry> entries = new ArrayList<>(kept);
        entries.add(new ManagedFieldsEntry(fieldManager, ManagedFieldsEntry.APPLY, applied.path("apiVersion").asText(
                current.path("apiVersion").asText()), unchanged ? previous.time() : ManagedFields.timestamp(now), null,
                appliedFields));
        ManagedFields.write(result, entries);
        return result;
    }

    private static List<ManagedFieldsEntry> entriesOf(ObjectNode live, Instant now) {
        if (live == null) {
            return List.of();
        }
        List<ManagedFieldsEntry> entries = ManagedFields.read(live);
        if (entries.isEmpty()) {
            // the fields someone set before anyone tracked ownership must still conflict
            return List.of(new ManagedFieldsEntry(BEFORE_FIRST_APPLY, ManagedFieldsEntry.UPDATE,
                    live.path("apiVersion").asText(null), ManagedFields.timestamp(now), null,
                    FieldSet.leavesOf(live)));
        }
        return entries;
    }

    /** For each other manager, the fields it owns that the apply would change. */
    private static Map<ManagedFieldsEntry, FieldSet> conflicts(List<ManagedFieldsEntry> others, FieldSet changing,
                                                               JsonNode current) {
        Map<ManagedFieldsEntry, FieldSet> lost = new HashMap<>();
        for (ManagedFieldsEntry entry : others) {
            FieldSet taken = entry.fields().filter(owned -> changing.paths().stream()
                    .anyMatch(changed -> ManagedFields.overrides(changed, owned, current)));
            if (!taken.isEmpty()) {
                lost.put(entry, taken);
            }
        }
        return lost;
    }

    private static ApplyConflictException conflictError(Map<ManagedFieldsEntry, FieldSet> lost) {
        List<ApplyConflictException.Conflict> conflicts = new ArrayList<>();
        lost.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing(ManagedFieldsEntry::manager)
                        .thenComparing(ManagedFieldsEntry::operation)))
                .forEach(owner -> owner.getValue().paths().forEach(path -> conflicts.add(
                        new ApplyConflictException.Conflict(owner.getKey().manager(), path.toString(),
                                "conflict with " + owner.getKey().describe()))));
        return new ApplyConflictException(conflictMessage(lost, conflicts.size()), conflicts);
    }

    /** The apiserver's wording: one conflict on one line, several grouped by manager. */
    private static String conflictMessage(Map<ManagedFieldsEntry, FieldSet> lost, int count) {
        if (count == 1) {
            Map.Entry<ManagedFieldsEntry, FieldSet> only = lost.entrySet().iterator().next();
            return "Apply failed with 1 conflict: conflict with " + only.getKey().describe() + ": "
                    + only.getValue().paths().iterator().next();
        }
        String byManager = lost.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing(ManagedFieldsEntry::describe)))
                .map(owner -> "conflicts with " + owner.getKey().describe() + ":\n" + owner.getValue().paths().stream()
                        .map(path -> "- " + path).collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n"));
        return "Apply failed with " + count + " conflicts: " + byManager;
    }

    /**
     * Removes the fields the manager applied last time and not now, unless the new configuration still reaches
     * into them or another manager owns them (or something inside them).
     */
    private static void removeDropped(ObjectNode result, FieldSet before, FieldSet now,
                                      List<ManagedFieldsEntry> others) {
        for (FieldPath dropped : before.paths()) {
            boolean stillApplied = now.paths().stream().anyMatch(dropped::overlaps);
            boolean ownedElsewhere = others.stream()
                    .anyMatch(entry -> entry.fields().paths().stream().anyMatch(dropped::contains));
            if (!stillApplied && !ownedElsewhere) {
                dropped.remove(result);
                removeEmptyParents(result, dropped, now, others);
            }
        }
    }

    /** A map emptied by removals goes too (a label map without labels), unless it is top level or owned. */
    private static void removeEmptyParents(ObjectNode result, FieldPath removed, FieldSet now,
                                           List<ManagedFieldsEntry> others) {
        for (FieldPath parent = removed.parent(); parent.depth() > 1; parent = parent.parent()) {
            FieldPath candidate = parent;
            boolean owned = now.contains(candidate)
                    || others.stream().anyMatch(entry -> entry.fields().contains(candidate));
            if (owned || !(candidate.find(result) instanceof ObjectNode object) || !object.isEmpty()) {
                return;
            }
            candidate.remove(result);
        }
    }

    /**
     * Sets the owned fields of {@code applied} (its leaves, see {@link FieldSet}) in {@code target}, in the order
     * the configuration lists them, replacing whatever non-object stands where an object is applied.
     */
    private static void merge(ObjectNode target, JsonNode applied, FieldPath path) {
        for (Map.Entry<String, JsonNode> member : applied.properties()) {
            FieldPath child = path.child(member.getKey());
            JsonNode value = member.getValue();
            if (FieldSet.neverOwned(child)) {
                continue;
            }
            if (value.isObject()) {
                // an empty object only asks that the object exist: what it already holds stays
                ObjectNode into = target.get(member.getKey()) instanceof ObjectNode object
                        ? object : target.putObject(member.getKey());
                merge(into, value, child);
            } else {
                target.set(member.getKey(), value.deepCopy());
            }
        }
    }

    private static ObjectNode identityOf(ObjectNode applied) {
        ObjectNode created = JsonNodeFactory.instance.objectNode();
        copyTypeFields(applied, created);
        ObjectNode metadata = created.putObject("metadata");
        for (String field : List.of("name", "generateName", "namespace")) {
            JsonNode value = applied.path("metadata").get(field);
            if (value != null) {
                metadata.set(field, value.deepCopy());
            }
        }
        return created;
    }

    private static void copyTypeFields(ObjectNode applied, ObjectNode result) {
        for (String field : List.of("apiVersion", "kind")) {
            if (applied.hasNonNull(field)) {
                result.set(field, applied.get(field).deepCopy());
            }
        }
    }

    private static JsonNode withoutManagedFields(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        if (copy.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove("managedFields");
        }
        return copy;
    }
}
