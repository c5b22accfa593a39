/**
 * Search: Grafana 9.3's {@code /api/search} ({@link io.migrationgateway.legacysim.search.SearchApi}) over the
 * dashboards and folders of the legacy {@code dashboard} table ({@link io.migrationgateway.legacysim.search.SearchStore}).
 */
package io.migrationgateway.legacysim.search;
