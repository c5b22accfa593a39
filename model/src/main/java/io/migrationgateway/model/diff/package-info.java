/**
 * The comparison of two versions of a dashboard, as Grafana's {@code POST /api/dashboards/calculate-diff} answers it:
 * the legacy simulator and the gateway's translation in mode 4 both answer with this one function, so the two sides of
 * a migration cannot drift apart on it.
 */
package io.migrationgateway.model.diff;
