package io.migrationgateway.jobs.spec;

import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.model.GroupResource;
import java.util.OptionalLong;

/**
 * One job with what its work needs to know: its legacy table, the org its namespace maps to (empty: every org) and
 * the group-resource of its objects.
 */
public record JobScope<R>(long id, JobSpec spec, LegacyTable<R> table, OptionalLong org, GroupResource groupResource) {
}
