package io.migrationgateway.legacysim.home;

import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.dashboard.DashboardApi;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.Json;
import io.migrationgateway.legacysim.http.Routes;
import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.preference.PreferenceStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Grafana 9.3's {@code GetHomeDashboard} ({@code pkg/api/dashboard.go}): when the caller's preferences name a home
 * dashboard (the user's, else the org's; {@link PreferenceStore#homeDashboardId}) and a dashboard has that id,
 * {@code {"redirectUri": "/d/<uid>/<slug>"}}; otherwise the built-in home dashboard with its meta. Grafana looks the id
 * up without its org, and a preference naming a deleted dashboard falls through to the built-in one.
 */
public final class HomeDashboardApi {
    private static final String HOME = "/home/home.json";
    /** Grafana's {@code HelpFlagGettingStartedPanelDismissed}, bit 0 of {@code user.help_flags1}. */
    private static final long GETTING_STARTED_DISMISSED = 1;

    private final DataSource dataSource;
    private final PreferenceStore preferences;
    private final String home;

    public HomeDashboardApi(DataSource dataSource, PreferenceStore preferences) {
        this.dataSource = dataSource;
        this.preferences = preferences;
        this.home = resource(HOME);
    }

    public void register(Routes routes) {
        routes.get("/api/dashboards/home", Role.VIEWER, this::home);
    }

    /** Grafana's {@code DashboardRedirect}. */
    public record Redirect(String redirectUri) {
    }

    private ApiResponse home(ApiRequest request) throws SQLException {
        Caller caller = request.caller();
        long homeId = preferences.homeDashboardId(request.orgId(), caller.userId());
        if (homeId != 0) {
            Optional<String> url = dashboardUrl(homeId);
            if (url.isPresent()) {
                return ApiResponse.ok(new Redirect(url.get()));
            }
        }
        Map<String, Object> dashboard = Json.parseModel(home);
        if (caller.role() == Role.ADMIN && !gettingStartedDismissed(caller.userId())) {
            addGettingStartedPanel(dashboard);
        }
        return ApiResponse.ok(new DashboardApi.FullWithMeta(Json.write(dashboard), meta(caller)));
    }

    /**
     * The built-in dashboard's meta: Grafana sets only canEdit (an Editor or above, or a server admin) and the General
     * folder's title; the rest keeps Go's zero values, no annotation permissions included.
     */
    private static DashboardApi.Meta meta(Caller caller) {
        boolean canEdit = caller.grafanaAdmin() || caller.role().atLeast(Role.EDITOR);
        String zeroTime = SqlTime.json(null);
        return new DashboardApi.Meta(false, "", false, canEdit, false, false, false, "", "", zeroTime, zeroTime, zeroTime, "", "",
                0, false, false, 0, "", "General", "", false, "", null, false, "", "", false);
    }

    /** Grafana appends the panel; its gridPos (y 3) places it, since the grid moves the panels below it down. */
    private static void addGettingStartedPanel(Map<String, Object> dashboard) {
        List<Object> panels = dashboard.get("panels") instanceof List<?> list ? new ArrayList<>(list) : new ArrayList<>();
        panels.add(Map.of("type", "gettingstarted", "id", 123123, "gridPos", Map.of("x", 0, "y", 3, "w", 24, "h", 9)));
        dashboard.put("panels", panels);
    }

    private boolean gettingStartedDismissed(long userId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT help_flags1 FROM \"user\" WHERE id = ?")) {
            ps.setLong(1, userId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && (rs.getLong(1) & GETTING_STARTED_DISMISSED) != 0;
            }
        }
    }

    /** Grafana's {@code GetDashboardUIDById}: any row with the id, whatever its org, as a dashboard URL. */
    private Optional<String> dashboardUrl(long id) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT uid, slug FROM dashboard WHERE id = ? AND deleted IS NULL")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(Names.dashboardUrl(rs.getString(1), rs.getString(2))) : Optional.empty();
            }
        }
    }

    private static String resource(String name) {
        try (InputStream in = HomeDashboardApi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
