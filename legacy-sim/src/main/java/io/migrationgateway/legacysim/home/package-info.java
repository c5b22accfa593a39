/**
 * Grafana 9.3's {@code GET /api/dashboards/home} ({@link io.migrationgateway.legacysim.home.HomeDashboardApi}): a
 * redirect to the home dashboard the caller's preferences name, else the built-in home dashboard.
 *
 * <p>The built-in dashboard is the resource {@code home/home.json}, a small dashboard of the simulator's own (a text
 * panel and a dashboard list) that stands for Grafana's {@code public/dashboards/home.json}, which Grafana reads from its
 * static files for this answer.
 */
package io.migrationgateway.legacysim.home;
