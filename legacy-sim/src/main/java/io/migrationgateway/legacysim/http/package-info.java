/**
 * The simulator's small HTTP layer: routes with required roles, authenticated requests, Grafana error bodies,
 * JSON written as Grafana writes it.
 */
package io.migrationgateway.legacysim.http;
