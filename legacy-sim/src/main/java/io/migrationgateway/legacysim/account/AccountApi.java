package io.migrationgateway.legacysim.account;

import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.http.GrafanaError;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/** {@code GET /api/user}, {@code GET /api/org} and the unauthenticated {@code GET /api/health}. */
public final class AccountApi {
    /** The Grafana generation whose shapes the simulator reproduces (the seed dashboards' tree). */
    public static final String GRAFANA_VERSION = "9.3.2";

    private final DataSource dataSource;

    public AccountApi(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public void register(Routes routes) {
        routes.get("/api/user", Role.VIEWER, this::user);
        routes.get("/api/org", Role.VIEWER, this::org);
        routes.anonymous("/api/health", exchange -> {
            if (exchange.isInIoThread()) {
                exchange.dispatch(exchange1 -> health(exchange1));
                return;
            }
            health(exchange);
        });
    }

    private void health(io.undertow.server.HttpServerExchange exchange) {
        boolean up;
        try (Connection c = dataSource.getConnection()) {
            up = c.isValid(2);
        } catch (SQLException e) {
            up = false;
        }
        ApiHandler.write(exchange, new ApiResponse(up ? 200 : 503,
                new Health("simulator", up ? "ok" : "failing", GRAFANA_VERSION)));
    }

    /** Grafana's health body. */
    public record Health(String commit, String database, String version) {
    }

    /** Grafana's UserProfileDTO (9.3 field order). */
    public record UserProfile(long id, String email, String name, String login, String theme, long orgId,
                              boolean isGrafanaAdmin, boolean isDisabled, boolean isExternal, List<String> authLabels,
                              String updatedAt, String createdAt, String avatarUrl) {
    }

    private ApiResponse user(ApiRequest request) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT id, email, name, login, theme, is_admin, is_disabled, created, updated FROM \"user\" WHERE id = ?")) {
            ps.setLong(1, request.caller().userId());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw GrafanaError.notFound("user not found");
                }
                return ApiResponse.ok(new UserProfile(rs.getLong("id"), rs.getString("email"), nullToEmpty(rs.getString("name")),
                        rs.getString("login"), nullToEmpty(rs.getString("theme")), request.orgId(), rs.getBoolean("is_admin"),
                        rs.getBoolean("is_disabled"), false, List.of(), SqlTime.json(SqlTime.get(rs, "updated")),
                        SqlTime.json(SqlTime.get(rs, "created")), "/avatar/" + Integer.toHexString(rs.getString("email").hashCode())));
            }
        }
    }

    /** Grafana's OrgDetailsDTO. */
    public record OrgDetails(long id, String name, Address address) {
    }

    /** Grafana's AddressDTO, in its field order. */
    public record Address(String address1, String address2, String city, String zipCode, String state, String country) {
    }

    private ApiResponse org(ApiRequest request) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT id, name, address1, address2, city, zip_code, state, country FROM org WHERE id = ?")) {
            ps.setLong(1, request.orgId());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw GrafanaError.notFound("Organization not found");
                }
                Address address = new Address(nullToEmpty(rs.getString("address1")), nullToEmpty(rs.getString("address2")),
                        nullToEmpty(rs.getString("city")), nullToEmpty(rs.getString("zip_code")),
                        nullToEmpty(rs.getString("state")), nullToEmpty(rs.getString("country")));
                return ApiResponse.ok(new OrgDetails(rs.getLong("id"), rs.getString("name"), address));
            }
        }
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
