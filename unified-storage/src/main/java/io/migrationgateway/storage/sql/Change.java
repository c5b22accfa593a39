package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.WatchEvent;

/**
 * One committed write, as every watcher of its group-resource receives it. Shared between watchers, so its
 * objects are never changed (watches hand out copies).
 *
 * @param object   the state after the write; for a delete the last state, carrying the delete's version
 * @param previous the state before the write, or {@code null} for a create: a watcher with a label selector
 *                 needs it to see an object leave or enter its selection
 */
record Change(WatchEvent.Type type, long resourceVersion, String namespace, String name, ObjectNode object,
              ObjectNode previous) {
}
