/**
 * Who calls the Resource API: {@link io.migrationgateway.gateway.auth.LegacyAccess} asks the legacy backend
 * about the caller's own credentials (no second user database), and
 * {@link io.migrationgateway.model.Namespaces} maps legacy orgs to namespaces as Grafana does.
 */
package io.migrationgateway.gateway.auth;
