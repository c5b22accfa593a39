/**
 * The flags on PostgreSQL: the Flyway schema, the {@code migration_flag} table, and the LISTEN/NOTIFY listener that
 * brings other replicas' changes to this one within milliseconds.
 */
package io.migrationgateway.flags.postgres;
