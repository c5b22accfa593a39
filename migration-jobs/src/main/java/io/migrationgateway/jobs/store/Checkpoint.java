package io.migrationgateway.jobs.store;

import io.migrationgateway.jobs.spec.Counts;

/**
 * Where a slice stands: the last key it finished (a legacy id, or a unified name for the reverse copy) and what it
 * counted up to there.
 */
public record Checkpoint(long lastKey, String lastName, Counts counts) {
}
