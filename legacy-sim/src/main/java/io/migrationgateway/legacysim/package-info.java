/**
 * A Grafana-9.3-style legacy {@code /api} server on Grafana's legacy tables: start it with
 * {@link io.migrationgateway.legacysim.LegacySim#start}.
 */
package io.migrationgateway.legacysim;
