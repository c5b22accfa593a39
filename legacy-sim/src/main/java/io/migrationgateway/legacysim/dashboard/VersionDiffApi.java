package io.migrationgateway.legacysim.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.Routes;
import io.migrationgateway.model.diff.DashboardDiff;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Grafana 9.3's {@code POST /api/dashboards/calculate-diff}: two versions, each by dashboard id and version number, in
 * the caller's org, compared by {@link DashboardDiff}. A body Go cannot bind is 400 "bad request data"; a version that
 * does not exist is 404 "Dashboard version not found"; the unsaved dashboards a body may carry are ignored, as Grafana's
 * handler ignores them.
 */
public final class VersionDiffApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final DashboardStore store;

    public VersionDiffApi(DashboardStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.post("/api/dashboards/calculate-diff", Role.EDITOR, this::diff);
    }

    private ApiResponse diff(ApiRequest request) throws SQLException {
        JsonNode body = request.body();
        if (!DashboardDiff.bindable(body)) {
            throw GrafanaError.badRequest("bad request data");
        }
        JsonNode base = data(request.orgId(), body.path("base"));
        JsonNode next = data(request.orgId(), body.path("new"));
        DashboardDiff.Rendered diff = DashboardDiff.calculate(body.path("diffType").asText(""), base, next);
        return ApiResponse.ok(new ApiHandler.Text(diff.contentType(), diff.body()));
    }

    /** The stored model of one side's version, in the caller's org. */
    private JsonNode data(long orgId, JsonNode target) throws SQLException {
        long dashboardId = target.path("dashboardId").asLong(0);
        DashboardRow dashboard = store.byId(orgId, dashboardId).orElseThrow(VersionDiffApi::notFound);
        DashboardStore.Version version = store.version(dashboard.id(), dashboard.uid(), target.path("version").asLong(0))
                .orElseThrow(VersionDiffApi::notFound);
        try {
            return JSON.readTree(version.data());
        } catch (IOException e) {
            throw GrafanaError.of(500, "Unable to compute diff");
        }
    }

    private static GrafanaError notFound() {
        return GrafanaError.notFound("Dashboard version not found");
    }
}
