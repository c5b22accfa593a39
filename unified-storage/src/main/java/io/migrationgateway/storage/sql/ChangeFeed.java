package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import java.util.List;

/**
 * How committed writes reach the watches: published in process on a single node, or (HA) picked up from
 * {@code resource_history} by the poller, which every replica runs, so a local write only wakes it early.
 */
@FunctionalInterface
interface ChangeFeed {
    /** Called after the writes' transaction committed, in resource-version order per group-resource. */
    void committed(GroupResource groupResource, List<Change> changes);
}
