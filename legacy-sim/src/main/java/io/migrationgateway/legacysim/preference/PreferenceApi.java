package io.migrationgateway.legacysim.preference;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * Grafana 9.3's {@code PUT /api/user/preferences} (any signed-in caller, their own row in the org) and
 * {@code PUT /api/org/preferences} (org Admin, the org's row) ({@code pkg/api/preferences.go}
 * {@code updatePreferencesFor}), reduced to the home dashboard: {@code homeDashboardUID}, when given, names it in the
 * org (empty: none; unknown: 404 "Dashboard not found"), else {@code homeDashboardId} is kept as given, checked against
 * nothing. Theme, timezone, week start, locale, navbar and query history are checked as Grafana binds them (a theme
 * other than light or dark is 400 "Invalid theme") and not stored. Answers {@code {"message": "Preferences updated"}}.
 */
public final class PreferenceApi {
    private static final List<String> TEXT_FIELDS = List.of("theme", "timezone", "weekStart", "locale", "homeDashboardUID");
    private static final List<String> OBJECT_FIELDS = List.of("navbar", "queryHistory");
    private static final Set<String> THEMES = Set.of("", "light", "dark");

    private final PreferenceStore store;

    public PreferenceApi(PreferenceStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.put("/api/user/preferences", Role.VIEWER, request -> update(request, request.caller().userId()));
        routes.put("/api/org/preferences", Role.ADMIN, request -> update(request, 0));
    }

    private ApiResponse update(ApiRequest request, long userId) throws SQLException {
        JsonNode body = bound(request.body());
        JsonNode theme = body.path("theme");
        if (theme.isTextual() && !THEMES.contains(theme.asText())) {
            throw GrafanaError.badRequest("Invalid theme");
        }
        long home = body.path("homeDashboardId").asLong(0);
        JsonNode uid = body.path("homeDashboardUID");
        if (uid.isTextual()) {
            home = uid.asText().isEmpty() ? 0
                    : store.dashboardId(request.orgId(), uid.asText()).orElseThrow(() -> GrafanaError.notFound("Dashboard not found"));
        }
        store.saveHomeDashboard(request.orgId(), userId, home);
        return ApiResponse.ok(new GrafanaError.Body("Preferences updated"));
    }

    /** Grafana's {@code UpdatePrefsCmd} binding: what Go cannot decode into it is "bad request data". */
    private static JsonNode bound(JsonNode body) {
        boolean decodes = body.isMissingNode() || body.isNull() || body.isObject()
                && number(body.path("homeDashboardId"))
                && TEXT_FIELDS.stream().allMatch(field -> absent(body.path(field)) || body.path(field).isTextual())
                && OBJECT_FIELDS.stream().allMatch(field -> absent(body.path(field)) || body.path(field).isObject());
        if (!decodes) {
            throw GrafanaError.badRequest("bad request data");
        }
        return body;
    }

    private static boolean number(JsonNode value) {
        return absent(value) || value.isIntegralNumber() && value.canConvertToLong();
    }

    private static boolean absent(JsonNode value) {
        return value.isMissingNode() || value.isNull();
    }
}
