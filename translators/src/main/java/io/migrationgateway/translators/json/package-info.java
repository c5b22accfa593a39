/**
 * JSON as both worlds write it: one Jackson configuration that keeps numbers exactly as read
 * ({@link io.migrationgateway.translators.json.Json}), and Go's map key order, which Grafana's dashboard models have
 * ({@link io.migrationgateway.translators.json.SortedKeys}).
 */
package io.migrationgateway.translators.json;
