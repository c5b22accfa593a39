package io.migrationgateway.legacysim.folder;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.util.List;

/**
 * Grafana 9.3's folder endpoints (reference §1.7; {@code pkg/api/folder.go}), served as if nested folders were
 * enabled, since the seed is a folder tree:
 * <ul>
 * <li>{@code GET /api/folders?limit=&page=&parentUid=}: the children of {@code parentUid}, or the top-level folders,
 *     by title, as {@code FolderSearchHit}s;</li>
 * <li>{@code GET /api/folders/:uid} and {@code GET /api/folders/id/:id}: the {@code dtos.Folder};</li>
 * <li>{@code POST /api/folders} {@code {uid?, title, description?, parentUid? | parent_uid?}} (Editor): the new folder;</li>
 * <li>{@code PUT /api/folders/:uid} {@code {title?, description?, version, overwrite}} (Editor): the updated folder;</li>
 * <li>{@code DELETE /api/folders/:uid} (Editor): the folder, its subfolders and their dashboards; 200 with an empty
 *     body, because 9.3 writes {@code response.JSON(200, "")} (grafana/grafana#77673; older and newer versions
 *     answer a message).</li>
 * </ul>
 */
public final class FolderApi {
    private static final int DEFAULT_LIMIT = 1000;

    private final FolderStore store;

    public FolderApi(FolderStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.get("/api/folders", Role.VIEWER, this::list);
        routes.get("/api/folders/id/{id}", Role.VIEWER, this::getById);
        routes.get("/api/folders/{uid}", Role.VIEWER, this::get);
        routes.post("/api/folders", Role.EDITOR, this::create);
        routes.put("/api/folders/{uid}", Role.EDITOR, this::update);
        routes.delete("/api/folders/{uid}", Role.EDITOR, this::delete);
    }

    /**
     * Grafana 9.3's {@code dtos.Folder}, in its declared field order. The parent is {@code parent_uid} in 9.3 (the
     * 9.3 OpenAPI's name; later versions renamed it {@code parentUid}) and is left out for top-level folders.
     */
    public record FolderDto(long id, String uid, String title, String url, boolean hasAcl, boolean canSave, boolean canEdit,
                            boolean canAdmin, boolean canDelete, String createdBy, String created, String updatedBy,
                            String updated, int version,
                            @JsonProperty("parent_uid") @JsonInclude(JsonInclude.Include.NON_EMPTY) String parentUid) {

        static FolderDto of(FolderRow row, Caller caller) {
            boolean canEdit = caller.role().atLeast(Role.EDITOR);
            return new FolderDto(row.id(), row.uid(), row.title(), Names.folderUrl(row.uid(), row.slug()), row.hasAcl(),
                    canEdit, canEdit, caller.role().atLeast(Role.ADMIN), canEdit, row.createdBy(), SqlTime.json(row.created()),
                    row.updatedBy(), SqlTime.json(row.updated()), row.version(), row.parentUid());
        }
    }

    /** Grafana's {@code dtos.FolderSearchHit}; {@code parentUid} (omitempty) is set for nested folders only. */
    public record FolderSearchHit(long id, String uid, String title,
                                  @JsonInclude(JsonInclude.Include.NON_EMPTY) String parentUid) {
    }

    private ApiResponse list(ApiRequest request) throws SQLException {
        int limit = request.queryInt("limit", 0);
        limit = limit > 0 ? limit : DEFAULT_LIMIT;
        int page = Math.max(1, request.queryInt("page", 1));
        String parentUid = request.query("parentUid").orElse("");
        List<FolderSearchHit> hits = store.children(request.orgId(), parentUid, limit, (page - 1) * limit).stream()
                .map(child -> new FolderSearchHit(child.id(), child.uid(), child.title(), child.parentUid()))
                .toList();
        return ApiResponse.ok(hits);
    }

    private ApiResponse get(ApiRequest request) throws SQLException {
        FolderRow row = store.byUid(request.orgId(), request.param("uid")).orElseThrow(FolderErrors::notFound);
        return ApiResponse.ok(FolderDto.of(row, request.caller()));
    }

    private ApiResponse getById(ApiRequest request) throws SQLException {
        long id;
        try {
            id = Long.parseLong(request.param("id"));
        } catch (NumberFormatException e) {
            throw GrafanaError.badRequest("id is invalid");
        }
        FolderRow row = store.byId(request.orgId(), id).orElseThrow(FolderErrors::notFound);
        return ApiResponse.ok(FolderDto.of(row, request.caller()));
    }

    private ApiResponse create(ApiRequest request) throws SQLException {
        JsonNode body = object(request);
        String parentUid = text(body, "parentUid");
        FolderStore.NewFolder folder = new FolderStore.NewFolder(text(body, "uid"), text(body, "title"),
                text(body, "description"), parentUid != null ? parentUid : text(body, "parent_uid"));
        FolderRow row = store.create(request.orgId(), folder, request.caller().userId());
        return ApiResponse.ok(FolderDto.of(row, request.caller()));
    }

    private ApiResponse update(ApiRequest request) throws SQLException {
        JsonNode body = object(request);
        JsonNode version = body.path("version");
        JsonNode overwrite = body.path("overwrite");
        boolean badVersion = !version.isMissingNode() && !version.isNull()
                && !(version.isIntegralNumber() && version.canConvertToInt());
        boolean badOverwrite = !overwrite.isMissingNode() && !overwrite.isNull() && !overwrite.isBoolean();
        if (badVersion || badOverwrite) {
            throw GrafanaError.badRequest("bad request data");
        }
        FolderStore.Change change = new FolderStore.Change(text(body, "title"), text(body, "description"),
                version.asInt(0), overwrite.asBoolean(false));
        FolderRow row = store.update(request.orgId(), request.param("uid"), change, request.caller().userId());
        return ApiResponse.ok(FolderDto.of(row, request.caller()));
    }

    private ApiResponse delete(ApiRequest request) throws SQLException {
        if (!store.delete(request.orgId(), request.param("uid"))) {
            throw FolderErrors.notFound();
        }
        return ApiResponse.ok(new ApiHandler.RawJson(""));
    }

    /** The JSON object body; anything else is what Grafana's binding refuses as "bad request data". */
    private static JsonNode object(ApiRequest request) {
        JsonNode body = request.body();
        if (!body.isObject()) {
            throw GrafanaError.badRequest("bad request data");
        }
        return body;
    }

    /** A string field, null when absent or null; another JSON type fails Go's decoding, so it is bad request data. */
    private static String text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw GrafanaError.badRequest("bad request data");
        }
        return value.asText();
    }
}
