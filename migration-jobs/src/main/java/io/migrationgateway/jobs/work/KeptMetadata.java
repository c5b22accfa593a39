package io.migrationgateway.jobs.work;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import java.util.List;
import java.util.Map;

/**
 * What the gateway keeps of each object beside its legacy row while the legacy side is the source of truth (modes
 * 0–2): labels, annotations, finalizers, managed fields, uid and creation time, which the legacy tables have no place
 * for. The copy carries it into unified storage, the verification compares it as part of the object, and the reverse
 * copy keeps it again.
 */
public interface KeptMetadata {
    /** Keeps nothing: objects are what their rows make them. */
    KeptMetadata NONE = new KeptMetadata() {
        @Override
        public void merge(GroupResource resource, List<ObjectNode> objects) {
        }

        @Override
        public Map<LegacyObject, KeptPart> keptParts(GroupResource resource, List<LegacyObject> objects) {
            return Map.of();
        }

        @Override
        public void keep(GroupResource resource, List<ObjectNode> objects) {
        }
    };

    /**
     * Sets on each object (as its legacy row makes it, with its legacy id label and its legacy version as resource
     * version) the metadata kept for it, in place.
     */
    void merge(GroupResource resource, List<ObjectNode> objects);

    /**
     * What {@link #merge} would set on each object, as far as its name and legacy id tell, in one lookup: the
     * verification's hashes need it for rows it has not converted. An object that nothing kept applies to has no entry.
     */
    Map<LegacyObject, KeptPart> keptParts(GroupResource resource, List<LegacyObject> objects);

    /**
     * Keeps each object's metadata for the legacy row just written from it, which it carries: its legacy id label, and
     * as resource version the version the legacy API reports for the row ({@code ""} when that is not known: the kept
     * labels, annotations, finalizers and uid still apply, see {@link #merge}).
     */
    void keep(GroupResource resource, List<ObjectNode> objects);

    /** An object of a legacy row: its namespace and name, and the row's id. */
    record LegacyObject(String namespace, String name, long legacyId) {
    }

    /**
     * The metadata kept for an object.
     *
     * @param metadata the kept metadata {@link #merge} sets (uid, labels, annotations, finalizers; managed fields left out)
     * @param settled  false when a write through the gateway was under way when it stopped: then whether that write's
     *                 metadata or {@code metadata} applies depends on the object's spec, which only {@link #merge} sees
     */
    record KeptPart(ObjectNode metadata, boolean settled) {
    }
}
