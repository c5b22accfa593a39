package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One change seen by a watch. {@code object} is the object after the change (for DELETED: its last
 * state, carrying the delete's resource version). {@link Type#ERROR} ends a watch: its object is a
 * Kubernetes {@code Status} (for example 410 Expired when the watcher fell too far behind).
 */
public record WatchEvent(Type type, ObjectNode object, long resourceVersion) {
    public enum Type { ADDED, MODIFIED, DELETED, BOOKMARK, ERROR }

    public WatchEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(object, "object");
    }
}
