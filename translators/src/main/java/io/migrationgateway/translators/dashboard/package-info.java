/**
 * Dashboards: {@link io.migrationgateway.translators.dashboard.DashboardTranslator} (get, save, delete and search over
 * the Resource API; the dashboard Resource API over the legacy API; legacy rows), with its save and search plans,
 * its views of objects as legacy bodies, and the row it converts.
 */
package io.migrationgateway.translators.dashboard;
