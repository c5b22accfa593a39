/**
 * The migration gateway's entry points: {@link io.migrationgateway.gateway.cli.GatewayMain} (the command line) and
 * {@link io.migrationgateway.gateway.Gateway} (one running gateway: database, public and admin listeners).
 */
package io.migrationgateway.gateway;

import io.migrationgateway.gateway.cli.GatewayMain;
