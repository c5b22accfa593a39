package io.migrationgateway.legacysim.account;

import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.db.Transactions;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * {@code GET /api/user}, {@code GET /api/user/orgs}, {@code GET /api/org}, {@code POST /api/orgs} and the
 * unauthenticated {@code GET /api/health}.
 */
public final class AccountApi {
    /** The Grafana generation whose shapes the simulator reproduces (the seed dashboards' tree). */
    public static final String GRAFANA_VERSION = "9.3.2";

    private final DataSource dataSource;
    private final Clock clock;

    public AccountApi(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    public void register(Routes routes) {
        routes.get("/api/user", Role.VIEWER, this::user);
        routes.get("/api/user/orgs", Role.VIEWER, this::userOrgs);
        routes.get("/api/org", Role.VIEWER, this::org);
        routes.post("/api/orgs", Role.VIEWER, this::createOrg);
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

    /** Grafana's UserOrgDTO (9.3 field order). */
    public record UserOrg(long orgId, String name, String role) {
    }

    /**
     * Every org the user belongs to with the user's role there, by org name as Grafana orders them. A
     * service-account token acts in exactly one org with the token's role (see {@code Authenticator}), so
     * it lists that org alone: what the token can do, not what its account row might allow elsewhere.
     */
    private ApiResponse userOrgs(ApiRequest request) throws SQLException {
        Caller caller = request.caller();
        try (Connection c = dataSource.getConnection()) {
            if (caller.serviceAccount()) {
                return ApiResponse.ok(List.of(new UserOrg(caller.orgId(), orgName(c, caller.orgId()), caller.role().grafanaName())));
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT o.id, o.name, ou.role FROM org_user ou JOIN org o ON o.id = ou.org_id
                    WHERE ou.user_id = ? ORDER BY o.name, o.id""")) {
                ps.setLong(1, caller.userId());
                try (ResultSet rs = ps.executeQuery()) {
                    List<UserOrg> orgs = new ArrayList<>();
                    while (rs.next()) {
                        orgs.add(new UserOrg(rs.getLong(1), rs.getString(2), rs.getString(3)));
                    }
                    return ApiResponse.ok(orgs);
                }
            }
        }
    }

    private static String orgName(Connection c, long orgId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM org WHERE id = ?")) {
            ps.setLong(1, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw GrafanaError.notFound("Organization not found");
                }
                return rs.getString(1);
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

    /** Grafana's answer to a created org. */
    public record CreatedOrg(long orgId, String message) {
    }

    /**
     * Grafana with {@code allow_org_create} off, its default: a Grafana server admin creates an org and becomes its
     * Admin, the only member; a name already taken is a 409.
     */
    private ApiResponse createOrg(ApiRequest request) throws SQLException {
        if (!request.caller().grafanaAdmin()) {
            throw GrafanaError.of(403, "Access denied");
        }
        String name = request.body().path("name").asText("").strip();
        if (name.isEmpty()) {
            throw GrafanaError.badRequest("bad request data");
        }
        Instant now = clock.instant();
        long orgId = Transactions.inTransaction(dataSource, c -> {
            long id;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO org (version, name, created, updated) VALUES (1, ?, ?, ?) "
                    + "ON CONFLICT (name) DO NOTHING RETURNING id")) {
                ps.setString(1, name);
                SqlTime.set(ps, 2, now);
                SqlTime.set(ps, 3, now);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw GrafanaError.of(409, "Organization name taken");
                    }
                    id = rs.getLong(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO org_user (org_id, user_id, role, created, updated) VALUES (?, ?, ?, ?, ?)")) {
                ps.setLong(1, id);
                ps.setLong(2, request.caller().userId());
                ps.setString(3, Role.ADMIN.grafanaName());
                SqlTime.set(ps, 4, now);
                SqlTime.set(ps, 5, now);
                ps.executeUpdate();
            }
            return id;
        });
        return ApiResponse.ok(new CreatedOrg(orgId, "Organization created"));
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
