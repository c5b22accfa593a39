package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectImport.ImportResult;
import io.migrationgateway.storage.ObjectImport.Outcome;
import io.migrationgateway.storage.ObjectImport.SameTransaction;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.WatchEvent.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Imports as {@link io.migrationgateway.storage.ObjectImport} defines them: one write transaction (one counter lock,
 * one counter update) for the whole batch, a single read of the stored states of the batch's keys, and one statement
 * each for the new rows, the changed rows and their history, so that a batch costs a handful of round trips whatever
 * its size.
 */
final class ObjectImports {
    private final ObjectWrites writes;
    private final ObjectRules rules;
    private final ObjectRows rows;

    ObjectImports(ObjectWrites writes, ObjectRules rules, ObjectRows rows) {
        this.writes = writes;
        this.rules = rules;
        this.rows = rows;
    }

    ImportResult importNewer(GroupResource groupResource, List<ObjectNode> objects, List<ObjectNode> earlierVersions,
                             long readAfter, SameTransaction alsoCommit) {
        List<Outcome> outcomes = new ArrayList<>(objects.size());
        Map<Integer, String> refusals = new HashMap<>();
        List<ObjectKey> keys = new ArrayList<>(objects.size());
        List<ObjectNode> candidates = new ArrayList<>(objects.size());
        for (int i = 0; i < objects.size(); i++) {
            ObjectNode candidate = withOwnMetadata(objects.get(i));
            ObjectNode meta = ObjectRules.metadata(groupResource, candidate);
            try {
                String namespace = ObjectRules.text(meta, "namespace");
                String name = ObjectRules.text(meta, "name");
                if (name.isEmpty()) {
                    throw ObjectRules.nameRequired(groupResource, candidate, "name is required");
                }
                ObjectRules.validateNamespace(groupResource, candidate, namespace);
                rules.validateName(groupResource, candidate, "metadata.name", name);
                keys.add(new ObjectKey(groupResource, namespace, name));
                candidates.add(candidate);
                outcomes.add(null);
            } catch (StorageException e) {
                keys.add(null);
                candidates.add(null);
                outcomes.add(Outcome.REFUSED);
                refusals.put(i, e.getMessage());
            }
        }
        return writes.writeUnbounded(groupResource, "import into " + groupResource, (c, versions, changes) -> {
            Map<ObjectKey, ObjectNode> stored = rows.findAll(c, groupResource, keys.stream().filter(k -> k != null).toList());
            Set<ObjectKey> deletedSinceRead = rows.deletedAfter(c, groupResource,
                keys.stream().filter(k -> k != null && !stored.containsKey(k)).toList(), readAfter);
            List<ObjectRows.Written> created = new ArrayList<>();
            List<ObjectRows.Written> updated = new ArrayList<>();
            Map<Integer, Long> writtenVersions = new HashMap<>();
            for (int i = 0; i < candidates.size(); i++) {
                ObjectNode candidate = candidates.get(i);
                if (candidate == null) {
                    continue;
                }
                ObjectKey key = keys.get(i);
                ObjectNode previous = stored.get(key);
                if (previous == null && deletedSinceRead.contains(key)) {
                    outcomes.set(i, Outcome.SKIPPED_NEWER);
                    continue;
                }
                if (previous != null) {
                    // compared below as trees; a new object's raw values are written as they are
                    previous = RawValues.parsed(previous);
                    candidate = RawValues.parsed(candidate);
                }
                if (previous != null && olderThanStored(candidate, previous)) {
                    outcomes.set(i, Outcome.SKIPPED_NEWER);
                    continue;
                }
                rules.setImported(groupResource, candidate, previous);
                if (previous != null && ObjectRules.sameJson(candidate, previous)) {
                    outcomes.set(i, Outcome.UNCHANGED);
                    continue;
                }
                long rv = versions.next();
                ObjectRules.setResourceVersion(candidate, rv);
                writtenVersions.put(i, rv);
                if (previous == null) {
                    created.add(new ObjectRows.Written(key, candidate, rv, 0));
                    changes.add(new Change(Type.ADDED, rv, key.namespace(), key.name(), candidate, null));
                    outcomes.set(i, Outcome.CREATED);
                } else {
                    updated.add(new ObjectRows.Written(key, candidate, rv, ObjectRules.resourceVersion(previous)));
                    changes.add(new Change(Type.MODIFIED, rv, key.namespace(), key.name(), candidate, previous));
                    outcomes.set(i, Outcome.UPDATED);
                }
                // a key given twice sees the first one's state, as two writes in a row would
                stored.put(key, candidate);
            }
            rows.insertAll(c, created);
            rows.updateAll(c, updated);
            rows.insertVersions(c, versionRows(groupResource, earlierVersions, versions));
            ImportResult result = new ImportResult(outcomes, writtenVersions, refusals);
            alsoCommit.run(c, result);
            return result;
        });
    }

    /**
     * The history-only rows of earlier versions, each with a resource version of its own (one the counter never hands
     * out again, whether or not the row is written); a version whose name or namespace no object could have is left out.
     */
    private List<ObjectRows.Written> versionRows(GroupResource groupResource, List<ObjectNode> earlierVersions,
                                                 ResourceVersionCounter.Allocation versions) {
        List<ObjectRows.Written> out = new ArrayList<>(earlierVersions.size());
        for (ObjectNode version : earlierVersions) {
            ObjectNode state = withOwnMetadata(version);
            ObjectNode meta = ObjectRules.metadata(groupResource, state);
            String namespace = ObjectRules.text(meta, "namespace");
            String name = ObjectRules.text(meta, "name");
            if (name.isEmpty() || namespace.isEmpty()) {
                continue;
            }
            long rv = versions.next();
            ObjectRules.setResourceVersion(state, rv);
            out.add(new ObjectRows.Written(new ObjectKey(groupResource, namespace, name), state, rv, 0));
        }
        return out;
    }

    /**
     * The object with a metadata of its own, the only part an import changes; the rest is the caller's (see
     * {@link io.migrationgateway.storage.ObjectImport}): copying a whole 15 KB dashboard cost as much as converting it.
     */
    private static ObjectNode withOwnMetadata(ObjectNode object) {
        ObjectNode copy = object.objectNode();
        object.properties().forEach(field -> copy.set(field.getKey(),
            field.getKey().equals("metadata") ? field.getValue().deepCopy() : field.getValue()));
        return copy;
    }

    /** Both have a generation and the stored one is higher: the stored state came from a newer source version. */
    private static boolean olderThanStored(ObjectNode candidate, ObjectNode stored) {
        JsonNode incoming = candidate.path("metadata").get("generation");
        JsonNode current = stored.path("metadata").get("generation");
        return incoming != null && incoming.isNumber() && current != null && current.isNumber()
            && current.asLong() > incoming.asLong();
    }
}
