/**
 * The migration ladder as the gateway reads it: {@link io.migrationgateway.gateway.migration.ModeDecisions} turns a
 * resource, an org or namespace and the flags into a {@link io.migrationgateway.gateway.migration.Serving}, for the
 * legacy routes, the fast lane and the Resource API alike.
 */
package io.migrationgateway.gateway.migration;
