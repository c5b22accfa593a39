/**
 * The PostgreSQL implementation of {@link io.migrationgateway.storage.ResourceStore}, on tables modelled on
 * Grafana's unified storage: {@code resource} (current objects), {@code resource_history} (every write),
 * {@code resource_version} (per group-resource counter whose row lock orders writes) and
 * {@code resource_compaction} (how far history was trimmed).
 *
 * <p>Public: {@link io.migrationgateway.storage.sql.UnifiedStorageSchema} (migrations),
 * {@link io.migrationgateway.storage.sql.PostgresResourceStore} and its
 * {@link io.migrationgateway.storage.sql.StorageSettings}. Everything else is the engine: object rules and rows
 * (writes), the list query and continue tokens (consistent paging), and the watch path: a hub of subscriptions fed
 * in process or by the HA history poller, history replay, and compaction.
 */
package io.migrationgateway.storage.sql;
