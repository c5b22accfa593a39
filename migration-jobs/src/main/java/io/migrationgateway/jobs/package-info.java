/**
 * Migration jobs (DESIGN §7): copy legacy rows into unified storage, verify parity by canonical hashes, copy back, and
 * catch up with writes made meanwhile; chunked, checkpointed, throttled, resumable, shared between replicas.
 *
 * <p>{@link io.migrationgateway.jobs.MigrationJobs} runs them; {@link io.migrationgateway.jobs.JobEvidence} hands their
 * results to the flip gate. Each job's key space is cut into slices that runners claim in PostgreSQL; the work of one
 * slice is in {@code .copy}, {@code .verify} and {@code .reverse}; the legacy tables in {@code .source}; the jobs'
 * own tables in {@code .store}.
 */
package io.migrationgateway.jobs;
