package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchEvent.Type;

/**
 * What one watcher sees of a change, as the apiserver's watch cache decides it: an object that starts
 * matching arrives as ADDED, one that stops matching leaves as DELETED (its previous state, at the change's
 * version), changes outside the selection are not sent.
 */
record WatchFilter(String namespace, LabelSelector labels, FieldSelector fields) {

    /** The event this watcher gets, or {@code null} when the change is not its business. */
    WatchEvent toEvent(Change change) {
        if (namespace != null && !namespace.equals(change.namespace())
            || !fields.matches(change.namespace(), change.name())) {
            return null;
        }
        boolean nowMatches = change.type() != Type.DELETED && matchesLabels(change.object());
        boolean matchedBefore = change.previous() != null && matchesLabels(change.previous());
        if (nowMatches) {
            return new WatchEvent(matchedBefore ? Type.MODIFIED : Type.ADDED, change.object(), change.resourceVersion());
        }
        if (!matchedBefore) {
            return null;
        }
        if (change.type() == Type.DELETED) {
            return new WatchEvent(Type.DELETED, change.object(), change.resourceVersion());
        }
        ObjectNode left = change.previous().deepCopy();
        ObjectRules.setResourceVersion(left, change.resourceVersion());
        return new WatchEvent(Type.DELETED, left, change.resourceVersion());
    }

    private boolean matchesLabels(ObjectNode object) {
        return labels.matches(object.path("metadata").get("labels"));
    }
}
