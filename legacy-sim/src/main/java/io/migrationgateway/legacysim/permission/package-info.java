/**
 * Dashboard and folder permissions as Grafana 9.3 keeps them with access control disabled: rows of
 * {@code dashboard_acl} granting View (1), Edit (2) or Admin (4) to a user, a team or an org role, on a dashboard or a
 * folder (its {@code dashboard} row), with Grafana's two default rows (org and dashboard -1: Viewers view, Editors
 * edit) standing for every dashboard and folder that has no grants of its own ({@code has_acl} false).
 * {@link io.migrationgateway.legacysim.permission.PermissionApi} serves {@code GET|POST /api/dashboards/uid/:uid/permissions},
 * {@code /api/dashboards/id/:dashboardId/permissions} and {@code /api/folders/:uid/permissions}
 * ({@code pkg/api/dashboard_permission.go}, {@code folder_permission.go}); {@link io.migrationgateway.legacysim.permission.Acl}
 * holds the guardian's rules that these routes apply (who may administer, which entries a list hides, which updates are
 * refused).
 *
 * <p>Only these routes read the grants. Every other route of the simulator keeps deciding by the caller's org role
 * alone, as if every dashboard had Grafana's default grants: a grant stored here neither opens nor closes a dashboard
 * elsewhere.
 */
package io.migrationgateway.legacysim.permission;
