/**
 * The migration gateway's entry points: {@link io.migrationgateway.gateway.GatewayMain} (the command line) and
 * {@link io.migrationgateway.gateway.Gateway} (one running gateway: database, public and admin listeners).
 */
package io.migrationgateway.gateway;
