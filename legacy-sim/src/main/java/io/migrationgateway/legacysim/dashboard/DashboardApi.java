package io.migrationgateway.legacysim.dashboard;

import io.migrationgateway.legacysim.naming.Names;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.folder.FolderRef;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Json;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Grafana's dashboard endpoints (reference §1.3–1.6): get by uid with meta, save, delete, versions, the tag cloud.
 * Bodies mirror Grafana 9.3: DTO structs in declared field order, Go maps ({@code util.DynMap}) with
 * sorted keys.
 */
public final class DashboardApi {
    private final DashboardStore store;

    public DashboardApi(DashboardStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.get("/api/dashboards/uid/{uid}", Role.VIEWER, this::get);
        routes.post("/api/dashboards/db", Role.EDITOR, this::save);
        routes.delete("/api/dashboards/uid/{uid}", Role.EDITOR, this::delete);
        routes.get("/api/dashboards/uid/{uid}/versions", Role.VIEWER, request -> versions(request, found(request)));
        routes.get("/api/dashboards/tags", Role.VIEWER, request -> ApiResponse.ok(store.tags(request.orgId())));
        routes.get("/api/dashboards/uid/{uid}/versions/{versionId}", Role.VIEWER, request -> version(request, found(request)));
        routes.get("/api/dashboards/id/{dashboardId}/versions", Role.VIEWER, request -> versions(request, foundById(request)));
        routes.get("/api/dashboards/id/{dashboardId}/versions/{versionId}", Role.VIEWER,
                request -> version(request, foundById(request)));
    }

    /** Grafana's DashboardMeta, in its declared field order. */
    public record Meta(@JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isStarred,
                       String type, boolean canSave, boolean canEdit, boolean canAdmin, boolean canStar, boolean canDelete,
                       String slug, String url, String expires, String created, String updated, String updatedBy,
                       String createdBy, int version, boolean hasAcl, boolean isFolder, long folderId, String folderUid,
                       String folderTitle, String folderUrl, boolean provisioned, String provisionedExternalId,
                       AnnotationPermission annotationsPermissions, boolean hasPublicDashboard,
                       String publicDashboardAccessToken, String publicDashboardUid, boolean publicDashboardEnabled) {
    }

    /** Grafana's AnnotationPermission and AnnotationActions structs. */
    public record AnnotationPermission(AnnotationActions dashboard, AnnotationActions organization) {
    }

    public record AnnotationActions(boolean canAdd, boolean canEdit, boolean canDelete) {
    }

    /** {@code {dashboard, meta}}. */
    public record FullWithMeta(@JsonRawValue String dashboard, Meta meta) {
    }

    private ApiResponse get(ApiRequest request) throws SQLException {
        DashboardRow row = found(request);
        Optional<FolderRef> folder = row.folder();
        Caller caller = request.caller();
        boolean canEdit = caller.role().atLeast(Role.EDITOR);
        boolean canAdmin = caller.role().atLeast(Role.ADMIN);
        AnnotationActions annotationActions = new AnnotationActions(canEdit, canEdit, canEdit);
        Meta meta = new Meta(false, "db", canEdit, canEdit, canAdmin, !caller.serviceAccount(), canEdit,
                row.slug(), Names.dashboardUrl(row.uid(), row.slug()), SqlTime.json(null),
                SqlTime.json(row.created()), SqlTime.json(row.updated()), row.updatedBy(), row.createdBy(), row.version(),
                row.hasAcl(), false, folder.map(FolderRef::id).orElse(0L), folder.map(FolderRef::uid).orElse(""),
                folder.map(FolderRef::title).orElse("General"),
                folder.map(f -> Names.folderUrl(f.uid(), f.slug())).orElse(""), false, "",
                new AnnotationPermission(annotationActions, annotationActions),
                false, "", "", false);
        return ApiResponse.ok(new FullWithMeta(StoredModel.render(row), meta));
    }

    private DashboardRow found(ApiRequest request) throws SQLException {
        return store.byUid(request.orgId(), request.param("uid"))
                .orElseThrow(() -> GrafanaError.withStatus(404, "not-found", "Dashboard not found"));
    }

    /** The dashboard of an id route ({@code /api/dashboards/id/{dashboardId}/...}). */
    private DashboardRow foundById(ApiRequest request) throws SQLException {
        long id;
        try {
            id = Long.parseLong(request.param("dashboardId"));
        } catch (NumberFormatException e) {
            throw GrafanaError.badRequest("dashboardId is invalid");
        }
        return store.byId(request.orgId(), id).orElseThrow(() -> GrafanaError.withStatus(404, "not-found", "Dashboard not found"));
    }

    private ApiResponse save(ApiRequest request) throws SQLException {
        JsonNode body = request.body();
        if (!body.isObject() || !body.path("dashboard").isObject()) {
            throw GrafanaError.badRequest("bad request data");
        }
        Map<String, Object> model = Json.parseModel(body.get("dashboard").toString());
        JsonNode folderId = body.path("folderId");
        JsonNode folderUid = body.path("folderUid");
        SaveCommand command = new SaveCommand(model,
                folderUid.isTextual() ? folderUid.asText() : null,
                folderId.isNumber() ? folderId.asLong() : null,
                body.path("message").isTextual() ? body.get("message").asText() : null,
                body.path("overwrite").asBoolean(false));
        DashboardStore.Saved saved = store.save(request.orgId(), command, request.caller());
        Map<String, Object> answer = new TreeMap<>();
        answer.put("id", saved.id());
        answer.put("uid", saved.uid());
        answer.put("url", Names.dashboardUrl(saved.uid(), saved.slug()));
        answer.put("status", "success");
        answer.put("version", saved.version());
        answer.put("slug", saved.slug());
        return ApiResponse.ok(answer);
    }

    private ApiResponse delete(ApiRequest request) throws SQLException {
        DashboardRow row = store.delete(request.orgId(), request.param("uid"))
                .orElseThrow(() -> GrafanaError.withStatus(404, "not-found", "Dashboard not found"));
        return ApiResponse.ok(Map.of("id", row.id(), "title", row.title(), "message", "Dashboard " + row.title() + " deleted"));
    }

    /**
     * Grafana's DashboardVersionDTO, an entry of the version list, in its declared field order. Grafana 9.3
     * names the uid {@code dashboardUid} here but {@code uid} in {@link VersionMeta}.
     */
    public record VersionDto(long id, long dashboardId, String dashboardUid, int parentVersion, int restoredFrom, int version,
                             String created, String createdBy, String message) {
        static VersionDto of(DashboardStore.Version v) {
            return new VersionDto(v.id(), v.dashboardId(), v.dashboardUid(), v.parentVersion(), v.restoredFrom(), v.version(),
                    SqlTime.json(v.created()), v.createdBy(), v.message());
        }
    }

    /** Grafana's DashboardVersionMeta, one version with its model, in its declared field order. */
    public record VersionMeta(long id, long dashboardId, String uid, int parentVersion, int restoredFrom, int version,
                              String created, String message, Map<String, Object> data, String createdBy) {
        static VersionMeta of(DashboardStore.Version v) {
            return new VersionMeta(v.id(), v.dashboardId(), v.dashboardUid(), v.parentVersion(), v.restoredFrom(), v.version(),
                    SqlTime.json(v.created()), v.message(), Json.parseModel(v.data()), v.createdBy());
        }
    }

    private ApiResponse versions(ApiRequest request, DashboardRow row) throws SQLException {
        int limit = Math.max(1, request.queryInt("limit", 1000));
        int start = Math.max(0, request.queryInt("start", 0));
        return ApiResponse.ok(store.versions(row.id(), row.uid(), limit, start).stream().map(VersionDto::of).toList());
    }

    private ApiResponse version(ApiRequest request, DashboardRow row) throws SQLException {
        long versionId;
        try {
            versionId = Long.parseLong(request.param("versionId"));
        } catch (NumberFormatException e) {
            throw GrafanaError.badRequest("versionId is invalid");
        }
        return ApiResponse.ok(store.version(row.id(), row.uid(), versionId).map(VersionMeta::of)
                .orElseThrow(() -> GrafanaError.notFound("Dashboard version not found")));
    }
}
