/**
 * The gateway's own PostgreSQL (embedded or external), its Flyway schema, and the registry of running nodes.
 */
package io.migrationgateway.gateway.db;
