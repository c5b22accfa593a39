/**
 * Grafana's authentication (Basic, service-account tokens), roles and org context.
 */
package io.migrationgateway.legacysim.auth;
