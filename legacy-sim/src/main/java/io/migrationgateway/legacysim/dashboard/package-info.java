/**
 * Dashboards: Grafana's save rules, meta, versions, naming (slugs, uids, URLs).
 */
package io.migrationgateway.legacysim.dashboard;
