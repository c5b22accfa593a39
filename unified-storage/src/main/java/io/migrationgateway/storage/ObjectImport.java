package io.migrationgateway.storage;

import io.migrationgateway.model.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Objects copied in from another store (the legacy tables), many per transaction, where {@code metadata.generation}
 * is the source's version of the object rather than a counter of this store: an import never replaces an object whose
 * stored generation is higher than the incoming one (a newer write, by dual-write say, already landed), and writes
 * nothing for an object whose stored state it equals. Each imported object otherwise is a write like any other: a
 * resource version of its own, a history row, an event for every watcher.
 *
 * <p>What an import keeps from the incoming object: everything but {@code metadata.uid} (new on create, the stored
 * one on update) and {@code metadata.resourceVersion} (the store's). {@code creationTimestamp} and {@code generation}
 * come from the source. An object without a generation has no order: it replaces any different stored state.
 *
 * <p>An import takes the objects over: it changes only a copy of their {@code metadata}, but keeps the rest (spec,
 * status) as given, in the objects it writes and hands to watchers, so the caller must not change them afterwards.
 * Those parts may be JSON text, Jackson raw values ({@code RawValue} in a {@code POJONode}): written as they are, and
 * parsed for a comparison with a stored state or for a watcher.
 *
 * <p>Thread-safe. Database failures are {@link StorageUnavailableException}s and leave nothing written.
 */
public interface ObjectImport {
    /**
     * Work that joins the import's transaction after its writes, knowing their outcome, and commits or rolls back with
     * it (a copy job's checkpoint and counts).
     */
    @FunctionalInterface
    interface SameTransaction {
        void run(Connection c, ImportResult result) throws SQLException;
    }

    /**
     * Writes {@code objects} (any namespaces of one group-resource, each name once) and runs {@code alsoCommit}, all
     * in one transaction that takes one resource-version counter lock.
     *
     * <p>An object is not re-created when its name was deleted here after {@code readAfter}: the source state it
     * carries was read before that deletion (a dual-write deleted the source row and this store's object while a copy
     * held the row), so it counts as {@link Outcome#SKIPPED_NEWER}. Take {@code readAfter} from
     * {@link #latestResourceVersion} before reading the source; {@link Long#MAX_VALUE} when no deletion can be newer.
     *
     * @return what happened to each object, in order
     */
    default ImportResult importNewer(GroupResource groupResource, List<ObjectNode> objects, long readAfter,
                                     SameTransaction alsoCommit) {
        return importNewer(groupResource, objects, List.of(), readAfter, alsoCommit);
    }

    /**
     * {@link #importNewer(GroupResource, List, long, SameTransaction)}, writing also {@code earlierVersions}: states of
     * the imported objects' earlier versions, each the version of its {@code metadata.generation}, kept as history only
     * (an object's version list, {@link ObjectHistory}, shows them; no watch, list or resource version does). One is
     * written only when its object exists after the import and has no version of that generation since its last delete,
     * so an import done twice writes it once.
     */
    ImportResult importNewer(GroupResource groupResource, List<ObjectNode> objects, List<ObjectNode> earlierVersions,
                             long readAfter, SameTransaction alsoCommit);

    /** The group-resource's latest resource version (0 before its first write): what a source read is dated by. */
    long latestResourceVersion(GroupResource groupResource);

    /** What an import did with one object. */
    enum Outcome {
        CREATED, UPDATED, UNCHANGED,
        /** The stored object has a higher generation, or was deleted after the source was read: it was left alone. */
        SKIPPED_NEWER,
        /** The object breaks a store rule (its name is not a DNS-1123 subdomain, say); see {@link ImportResult#refusals()}. */
        REFUSED
    }

    /**
     * The outcome of every object of an import, in the order given, the resource version each created or updated one
     * was written at (by index), and the reasons of the refused ones (by index).
     */
    record ImportResult(List<Outcome> outcomes, Map<Integer, Long> writtenVersions, Map<Integer, String> refusals) {
        public ImportResult {
            outcomes = List.copyOf(outcomes);
            writtenVersions = Map.copyOf(writtenVersions);
            refusals = Map.copyOf(refusals);
        }

        public long count(Outcome outcome) {
            return outcomes.stream().filter(outcome::equals).count();
        }
    }
}
