package io.migrationgateway.jobs.work;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import java.util.List;

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
        public void keep(GroupResource resource, List<ObjectNode> objects) {
        }
    };

    /**
     * Sets on each object (as its legacy row makes it, with its legacy id label and its legacy version as resource
     * version) the metadata kept for it, in place.
     */
    void merge(GroupResource resource, List<ObjectNode> objects);

    /** Keeps each object's metadata for the legacy row just written from it (carrying its legacy id and version). */
    void keep(GroupResource resource, List<ObjectNode> objects);
}
