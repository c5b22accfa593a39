package io.migrationgateway.legacysim.permission;

import java.time.Instant;

/**
 * One row of a dashboard's permission list as Grafana's {@code GetDashboardACLInfoList} reads it: the
 * {@code dashboard_acl} row with its grantee's login and email (empty when it grants to no user).
 *
 * @param dashboardId the row's own {@code dashboard_id}: the dashboard, its folder, or -1 for a default row
 * @param inherited   whether the row comes from the dashboard's folder (its grants, or the defaults standing for them)
 */
record AclEntry(long id, long dashboardId, Grant grant, Instant created, Instant updated, String userLogin,
                String userEmail, boolean inherited) {
}
