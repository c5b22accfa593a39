package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The versions of one object, read from the history every write leaves: what Grafana's dashboard versions and restore
 * are over unified storage. A version is a {@code metadata.generation}; its state is the last one written with that
 * generation (a write that changes only metadata keeps the generation, and so replaces the version's state). Only the
 * object's current life counts: the versions of an object deleted and created again under the same name start anew.
 * How many versions outlive history compaction is the store's setting per kind. Thread-safe; database failures are
 * {@link StorageUnavailableException}s.
 */
public interface ObjectHistory {
    /**
     * Up to {@code limit} versions of {@code key}, newest first, skipping the {@code offset} newest: each costs one
     * history row, whatever the number of objects. None when the object does not exist.
     */
    List<ObjectNode> versions(ObjectKey key, long offset, int limit);

    /** The state of {@code key} at {@code generation}, when that version is kept. */
    Optional<ObjectNode> version(ObjectKey key, long generation);
}
