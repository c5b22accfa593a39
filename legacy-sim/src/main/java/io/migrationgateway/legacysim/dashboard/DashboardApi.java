package io.migrationgateway.legacysim.dashboard;

import io.migrationgateway.legacysim.naming.Names;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.folder.FolderRef;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.model.go.GoIntegers;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Json;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grafana's dashboard endpoints (reference §1.3–1.6): get by uid with meta, save, delete, versions, the tag cloud.
 * Bodies mirror Grafana 9.3: DTO structs in declared field order, Go maps ({@code util.DynMap}) with
 * sorted keys.
 */
public final class DashboardApi {
    private static final Pattern TEMPLATE_VARIABLE = Pattern.compile("\\$\\{.+?}");
    private final DashboardStore store;

    public DashboardApi(DashboardStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.get("/api/dashboards/uid/{uid}", Role.VIEWER, this::get);
        routes.post("/api/dashboards/db", Role.EDITOR, this::save);
        routes.post("/api/dashboards/import", Role.EDITOR, this::importDashboard);
        routes.post("/api/dashboards/trim", Role.VIEWER, DashboardApi::trim);
        routes.delete("/api/dashboards/uid/{uid}", Role.EDITOR, this::delete);
        routes.get("/api/dashboards/tags", Role.VIEWER, request -> ApiResponse.ok(store.tags(request.orgId())));
        // Grafana's version routes need a caller who can save the dashboard
        routes.get("/api/dashboards/uid/{uid}/versions", Role.EDITOR, request -> versions(request, found(request)));
        routes.get("/api/dashboards/uid/{uid}/versions/{versionId}", Role.EDITOR, request -> version(request, found(request)));
        routes.get("/api/dashboards/id/{dashboardId}/versions", Role.EDITOR, request -> versions(request, foundById(request)));
        routes.get("/api/dashboards/id/{dashboardId}/versions/{versionId}", Role.EDITOR,
                request -> version(request, foundById(request)));
        routes.post("/api/dashboards/uid/{uid}/restore", Role.EDITOR, request -> restore(request, () -> found(request)));
        routes.post("/api/dashboards/id/{dashboardId}/restore", Role.EDITOR, request -> restore(request, () -> foundById(request)));
    }

    /** Grafana's DashboardMeta, in its declared field order ({@code isStarred} and {@code type} omitempty). */
    public record Meta(@JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isStarred,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) String type,
                       boolean canSave, boolean canEdit, boolean canAdmin, boolean canStar, boolean canDelete,
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
        long id = GoIntegers.parse(request.param("dashboardId"), 64)
                .orElseThrow(() -> GrafanaError.badRequest("dashboardId is invalid"));
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
        return saveAnswer(saved);
    }

    /**
     * Grafana 9.3's import of a dashboard given in the request: {@code __inputs} filled from {@code inputs} (each
     * {@code ${NAME}} in a string replaced, {@code __inputs} dropped), saved with the request's overwrite and folder
     * (the root when it names none), answered with its ImportDashboardResponse. The simulator has no plugins.
     */
    private ApiResponse importDashboard(ApiRequest request) throws SQLException {
        JsonNode body = request.body();
        if (!body.isObject() || !optionalText(body, "pluginId") || !optionalText(body, "path") || !optionalText(body, "folderUid")
                || !(body.path("folderId").isMissingNode() || body.path("folderId").isNull() || body.path("folderId").isIntegralNumber())
                || !(body.path("inputs").isMissingNode() || body.path("inputs").isNull() || body.path("inputs").isArray())) {
            throw GrafanaError.badRequest("bad request data");
        }
        if (!body.path("pluginId").asText("").isEmpty()) {
            throw GrafanaError.of(404, "Plugin not found");
        }
        JsonNode dashboard = body.path("dashboard");
        if (dashboard.isMissingNode() || dashboard.isNull()) {
            throw GrafanaError.of(422, "Dashboard must be set");
        }
        if (!dashboard.isObject()) {
            throw GrafanaError.badRequest("bad request data");
        }
        Map<String, String> variables = new TreeMap<>();
        for (JsonNode declared : dashboard.path("__inputs")) {
            String name = declared.path("name").asText("");
            JsonNode input = null;
            for (JsonNode candidate : body.path("inputs")) {
                String candidateName = candidate.path("name").asText("");
                if (declared.path("type").asText("").equals(candidate.path("type").asText(""))
                        && (candidateName.equals(name) || candidateName.equals("*"))) {
                    input = candidate;
                    break;
                }
            }
            if (input == null) {
                throw GrafanaError.of(500, "Failed to save dashboard");
            }
            variables.put("${" + name + "}", input.path("value").asText(""));
        }
        Map<String, Object> model = Json.parseModel(templated(dashboard, variables).toString());
        SaveCommand command = new SaveCommand(model, body.path("folderUid").isTextual() ? body.get("folderUid").asText() : null,
                body.path("folderId").asLong(0), null, body.path("overwrite").asBoolean(false));
        DashboardStore.Saved saved = store.save(request.orgId(), command, request.caller());
        DashboardRow row = store.byUid(request.orgId(), saved.uid()).orElseThrow();
        long revision = model.get("revision") instanceof Number n && !(n instanceof Double) ? n.longValue() : 0;
        ImportAnswer answer = new ImportAnswer(saved.uid(), "", row.title(), true, "db/" + saved.slug(),
                Names.dashboardUrl(saved.uid(), saved.slug()), saved.slug(), saved.id(), row.folder().map(FolderRef::id).orElse(0L),
                row.folder().map(FolderRef::uid).orElse(""), revision, revision, "", body.path("path").asText(""), false);
        return ApiResponse.ok(answer);
    }

    /** Grafana's ImportDashboardResponse, in its declared field order. */
    public record ImportAnswer(String uid, String pluginId, String title, boolean imported, String importedUri, String importedUrl,
                               String slug, long dashboardId, long folderId, String folderUid,
                               @JsonInclude(JsonInclude.Include.NON_DEFAULT) long importedRevision,
                               @JsonInclude(JsonInclude.Include.NON_DEFAULT) long revision, String description, String path,
                               boolean removed) {
    }

    /**
     * Grafana 9.3's trim, a no-op while it moved to its schema library: the request's {@code dashboard} and {@code meta}
     * answered back (re-encoded as Go encodes maps, keys sorted).
     */
    private static ApiResponse trim(ApiRequest request) {
        JsonNode body = request.body();
        if (!body.isObject()) {
            throw GrafanaError.badRequest("bad request data");
        }
        Map<String, Object> answer = new TreeMap<>();
        answer.put("dashboard", body.path("dashboard").isObject() ? Json.parseModel(body.get("dashboard").toString()) : null);
        answer.put("meta", body.path("meta").isObject() ? Json.parseModel(body.get("meta").toString()) : null);
        return ApiResponse.ok(answer);
    }

    private static boolean optionalText(JsonNode body, String field) {
        return body.path(field).isMissingNode() || body.path(field).isNull() || body.path(field).isTextual();
    }

    /** Grafana's DashTemplateEvaluator: {@code __inputs} dropped, known {@code ${NAME}}s replaced in every string. */
    private static JsonNode templated(JsonNode value, Map<String, String> variables) {
        if (value.isTextual()) {
            Matcher matcher = TEMPLATE_VARIABLE.matcher(value.asText());
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                matcher.appendReplacement(out, Matcher.quoteReplacement(variables.getOrDefault(matcher.group(), matcher.group())));
            }
            matcher.appendTail(out);
            return TextNode.valueOf(out.toString());
        }
        if (value.isArray()) {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            value.forEach(item -> array.add(templated(item, variables)));
            return array;
        }
        if (value.isObject()) {
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            value.properties().forEach(field -> {
                if (!field.getKey().equals("__inputs")) {
                    object.set(field.getKey(), templated(field.getValue(), variables));
                }
            });
            return object;
        }
        return value;
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
                    SqlTime.json(v.created()), v.createdBy(), listMessage(v));
        }

        /** The list's message rules, in Grafana's order: the last that applies wins. */
        private static String listMessage(DashboardStore.Version v) {
            String message = v.message();
            if (v.restoredFrom() == v.version()) {
                message = "Initial save (created by migration)";
            }
            if (v.restoredFrom() > 0) {
                message = "Restored from version " + v.restoredFrom();
            }
            if (v.parentVersion() == 0) {
                message = "Initial save";
            }
            return message;
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

    /** {@code ?limit} (0 or absent: 1000) versions from {@code ?start}, newest first; none at all is a 404. */
    private ApiResponse versions(ApiRequest request, DashboardRow row) throws SQLException {
        int limit = request.queryInt("limit", 0);
        int start = Math.max(0, request.queryInt("start", 0));
        List<DashboardStore.Version> versions = store.versions(row.id(), row.uid(), limit <= 0 ? 1000 : limit, start);
        if (versions.isEmpty()) {
            throw GrafanaError.of(404, "No versions found for dashboardId " + row.id());
        }
        return ApiResponse.ok(versions.stream().map(VersionDto::of).toList());
    }

    /** One version by its number; Grafana ignores a number it cannot read (version 0, never found: a 500). */
    private ApiResponse version(ApiRequest request, DashboardRow row) throws SQLException {
        int number = (int) GoIntegers.parseIgnoringError(request.param("versionId"), 32);
        return ApiResponse.ok(store.version(row.id(), row.uid(), number).map(VersionMeta::of)
                .orElseThrow(() -> GrafanaError.of(500, "Dashboard version " + number + " not found for dashboardId " + row.id())));
    }

    /** Grafana's RestoreDashboardVersion: the version's model saved over the dashboard as its next version. */
    private ApiResponse restore(ApiRequest request, Lookup dashboard) throws SQLException {
        JsonNode body = request.body();
        JsonNode number = body.path("version");
        if (!body.isObject() || !(number.isMissingNode() || number.isNull() || number.isIntegralNumber() && number.canConvertToLong())) {
            throw GrafanaError.badRequest("bad request data");
        }
        DashboardRow row = dashboard.find();
        DashboardStore.Version version = store.version(row.id(), row.uid(), number.asLong(0))
                .orElseThrow(() -> GrafanaError.notFound("Dashboard version not found"));
        Map<String, Object> model = Json.parseModel(version.data());
        model.put("version", row.version());
        model.put("uid", row.uid());
        SaveCommand command = new SaveCommand(model, row.folder().map(FolderRef::uid).orElse(""), null,
                "Restored from version " + version.version(), false, version.version());
        DashboardStore.Saved saved = store.save(request.orgId(), command, request.caller());
        return saveAnswer(saved);
    }

    /** A save's answer (restore's too), a Go map: {@code {id, slug, status, uid, url, version}}. */
    private static ApiResponse saveAnswer(DashboardStore.Saved saved) {
        Map<String, Object> answer = new TreeMap<>();
        answer.put("id", saved.id());
        answer.put("uid", saved.uid());
        answer.put("url", Names.dashboardUrl(saved.uid(), saved.slug()));
        answer.put("status", "success");
        answer.put("version", saved.version());
        answer.put("slug", saved.slug());
        return ApiResponse.ok(answer);
    }

    /** Finds the dashboard a route names, or throws its Grafana error. */
    @FunctionalInterface
    private interface Lookup {
        DashboardRow find() throws SQLException;
    }

}
