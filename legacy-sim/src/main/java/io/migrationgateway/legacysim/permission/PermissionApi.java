package io.migrationgateway.legacysim.permission;

import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.folder.FolderErrors;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.model.go.GoIntegers;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Grafana 9.3's permission routes with access control disabled ({@code pkg/api/dashboard_permission.go},
 * {@code folder_permission.go}), checked in Grafana's order:
 * <ul>
 * <li>{@code GET /api/dashboards/uid/:uid/permissions}, {@code GET /api/dashboards/id/:dashboardId/permissions}: the
 *     dashboard id as Go reads it (400 "dashboardId is invalid"), the dashboard or folder row (404 "Dashboard not
 *     found"), the caller's right to administer it (403 "Access denied to this dashboard"), then the list without the
 *     entries its folder already covers, as {@link AclInfoDto}s;</li>
 * <li>{@code POST} on both, {@code {"items": [...]}}: the body ({@link UpdateCommand}, 400), then the same lookups
 *     and check, then {@link Acl#refuseUpdate} (400), a grant to nobody (409), and the dashboard's own rows replaced:
 *     {@code {"message": "Dashboard permissions updated"}};</li>
 * <li>{@code GET|POST /api/folders/:uid/permissions}: the same for a folder, with the folder API's 404, a 403 "Access
 *     denied", the whole list with the folder's id on every entry, and {@code {id, message, title}} for an update.</li>
 * </ul>
 */
public final class PermissionApi {
    private final AclStore store;

    public PermissionApi(DataSource dataSource, Clock clock) {
        this.store = new AclStore(dataSource, clock);
    }

    public void register(Routes routes) {
        // any signed-in caller reaches the handlers, which decide by the dashboard's own grants (CanAdmin)
        routes.get("/api/dashboards/uid/{uid}/permissions", Role.VIEWER, request -> listDashboard(request, dashboardByUid(request)));
        routes.get("/api/dashboards/id/{dashboardId}/permissions", Role.VIEWER, request -> listDashboard(request, dashboardById(request)));
        routes.post("/api/dashboards/uid/{uid}/permissions", Role.VIEWER, request -> update(request, Scope.DASHBOARD,
                () -> dashboardByUid(request)));
        routes.post("/api/dashboards/id/{dashboardId}/permissions", Role.VIEWER, request -> update(request, Scope.DASHBOARD,
                () -> dashboardById(request)));
        routes.get("/api/folders/{uid}/permissions", Role.VIEWER, this::listFolder);
        routes.post("/api/folders/{uid}/permissions", Role.VIEWER, request -> update(request, Scope.FOLDER, () -> folder(request)));
    }

    /** What differs between the dashboard and the folder routes. */
    private enum Scope {
        DASHBOARD("Access denied to this dashboard", "user id and team id cannot both be empty for a dashboard permission"),
        FOLDER("Access denied", "user id and team id cannot both be empty for a folder permission");

        private final String accessDenied;
        private final String grantToNobody;

        Scope(String accessDenied, String grantToNobody) {
            this.accessDenied = accessDenied;
            this.grantToNobody = grantToNobody;
        }

        /** {@code response.Success} for a dashboard; a Go map (keys sorted) with the folder's id and title for a folder. */
        Object updated(AclTarget target) {
            if (this == DASHBOARD) {
                return new GrafanaError.Body("Dashboard permissions updated");
            }
            Map<String, Object> answer = new TreeMap<>();
            answer.put("id", target.id());
            answer.put("message", "Folder permissions updated");
            answer.put("title", target.title());
            return answer;
        }
    }

    private ApiResponse listDashboard(ApiRequest request, AclTarget dashboard) throws SQLException {
        Acl acl = administered(request, dashboard, Scope.DASHBOARD);
        return ApiResponse.ok(acl.withoutDuplicates().stream().map(entry -> AclInfoDto.onDashboard(entry, dashboard)).toList());
    }

    /** A folder inherits nothing, so Grafana lists its whole list here (GetACL, not GetACLWithoutDuplicates). */
    private ApiResponse listFolder(ApiRequest request) throws SQLException {
        AclTarget folder = folder(request);
        Acl acl = administered(request, folder, Scope.FOLDER);
        return ApiResponse.ok(acl.entries().stream().map(entry -> AclInfoDto.onFolder(entry, folder)).toList());
    }

    private ApiResponse update(ApiRequest request, Scope scope, Lookup lookup) throws SQLException {
        UpdateCommand command = UpdateCommand.parse(request.body());
        command.validate();
        AclTarget target = lookup.find();
        administered(request, target, scope).refuseUpdate(command.items());
        // Grafana's store refuses this inside its transaction, after deleting the old rows; the rollback leaves them as here
        if (command.items().stream().anyMatch(Grant::grantsToNobody)) {
            throw GrafanaError.of(409, scope.grantToNobody);
        }
        store.replace(request.orgId(), target.id(), command.items());
        return ApiResponse.ok(scope.updated(target));
    }

    /** The target's list, once the caller is known to be allowed to administer the target. */
    private Acl administered(ApiRequest request, AclTarget target, Scope scope) throws SQLException {
        Acl acl = store.acl(request.orgId(), target);
        if (!acl.canAdmin(request.caller())) {
            throw GrafanaError.of(403, scope.accessDenied);
        }
        return acl;
    }

    private AclTarget dashboardByUid(ApiRequest request) throws SQLException {
        return store.byUid(request.orgId(), request.param("uid")).orElseThrow(PermissionApi::dashboardNotFound);
    }

    private AclTarget dashboardById(ApiRequest request) throws SQLException {
        long id = GoIntegers.parse(request.param("dashboardId"), 64)
                .orElseThrow(() -> GrafanaError.badRequest("dashboardId is invalid"));
        return store.byId(request.orgId(), id).orElseThrow(PermissionApi::dashboardNotFound);
    }

    private AclTarget folder(ApiRequest request) throws SQLException {
        return store.folderByUid(request.orgId(), request.param("uid")).orElseThrow(FolderErrors::notFound);
    }

    /** getDashboardHelper's answer: a plain 404, without the status string of the dashboard routes' own not-found. */
    private static GrafanaError dashboardNotFound() {
        return GrafanaError.notFound("Dashboard not found");
    }

    /** Finds the target a route names, or throws its Grafana error. */
    @FunctionalInterface
    private interface Lookup {
        AclTarget find() throws SQLException;
    }
}
