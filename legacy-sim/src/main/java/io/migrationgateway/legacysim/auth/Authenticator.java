package io.migrationgateway.legacysim.auth;

import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.model.go.GoIntegers;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Grafana's authentication and org context: HTTP Basic for users (login or email), {@code Bearer} for
 * service-account tokens; the org is {@code targetOrgId} (when above 0), else the {@code X-Grafana-Org-Id}
 * header, else the user's current org (reference §1.1), and the caller must belong to it. Successful
 * checks are cached for 30 seconds per credential and org, because PBKDF2 costs milliseconds by design.
 *
 * <p>The cache is refreshed ahead of expiry, and a credential not cached yet is checked once however many requests
 * bring it at the same moment: when every request found the entry expired at once, each one ran PBKDF2 while holding a
 * database connection, and the simulator stalled for a few hundred milliseconds every 30 seconds (which the shadow
 * benchmark measured as the gateway's p99).
 */
public final class Authenticator {
    private final DataSource dataSource;
    private final LoadingCache<Credential, Caller> verified = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofSeconds(30))
            .refreshAfterWrite(Duration.ofSeconds(15))
            .build(new CacheLoader<>() {
                @Override
                public Caller load(Credential credential) {
                    return verify(credential);
                }

                @Override
                public Caller reload(Credential credential, Caller cached) {
                    try {
                        return verify(credential);
                    } catch (GrafanaError refused) {
                        return null; // dropped: the next request is checked again and gets the error itself
                    }
                }
            });

    /** What a check depends on: the {@code Authorization} value and the org asked for (0: the caller's current org). */
    private record Credential(String authorization, long requestedOrg) {
    }

    public Authenticator(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The caller, or a 401 {@link GrafanaError} in Grafana's shape. */
    public Caller authenticate(HttpServerExchange exchange) {
        String authorization = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (authorization == null) {
            throw unauthorized();
        }
        return verified.get(new Credential(authorization, requestedOrg(exchange)));
    }

    private static GrafanaError unauthorized() {
        return GrafanaError.of(401, "Unauthorized");
    }

    /** targetOrgId (above 0) wins over X-Grafana-Org-Id; 0 means "the caller's current org". */
    static long requestedOrg(HttpServerExchange exchange) {
        String query = exchange.getQueryParameters().containsKey("targetOrgId")
                ? exchange.getQueryParameters().get("targetOrgId").peekFirst() : null;
        long fromQuery = parseId(query);
        if (fromQuery > 0) {
            return fromQuery;
        }
        return Math.max(0, parseId(exchange.getRequestHeaders().getFirst("X-Grafana-Org-Id")));
    }

    /** Go's {@code strconv.ParseInt(text, 10, 64)} as Grafana calls it: its error (padding included) counts as 0. */
    private static long parseId(String text) {
        return GoIntegers.parse(text, 64).orElse(0L);
    }

    private Caller verify(Credential credential) {
        String authorization = credential.authorization();
        try {
            if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
                return basic(authorization.substring(6).strip(), credential.requestedOrg());
            }
            if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
                return bearer(authorization.substring(7).strip(), credential.requestedOrg());
            }
        } catch (SQLException e) {
            throw GrafanaError.of(500, "Internal Server Error");
        }
        throw unauthorized();
    }

    private Caller basic(String encoded, long requestedOrg) throws SQLException {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw unauthorized();
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw unauthorized();
        }
        String login = decoded.substring(0, colon);
        String password = decoded.substring(colon + 1);
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT id, login, email, name, password, salt, org_id, is_admin, is_disabled
                     FROM "user" WHERE (login = ? OR email = ?) AND NOT COALESCE(is_service_account, FALSE)""")) {
            ps.setString(1, login);
            ps.setString(2, login);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getBoolean("is_disabled") || rs.getString("password") == null
                        || !Passwords.matches(password, rs.getString("salt"), rs.getString("password"))) {
                    throw GrafanaError.of(401, "Invalid username or password");
                }
                long orgId = requestedOrg > 0 ? requestedOrg : rs.getLong("org_id");
                Role role = roleIn(c, rs.getLong("id"), orgId).orElseThrow(Authenticator::unauthorized);
                return new Caller(rs.getLong("id"), rs.getString("login"), rs.getString("email"), rs.getString("name"),
                        orgId, role, false, rs.getBoolean("is_admin"));
            }
        }
    }

    private Caller bearer(String token, long requestedOrg) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT k.org_id, k.role, k.expires, k.is_revoked, k.service_account_id, u.login, u.email, u.name
                     FROM api_key k LEFT JOIN "user" u ON u.id = k.service_account_id WHERE k.key = ?""")) {
            ps.setString(1, Passwords.tokenHash(token));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getBoolean("is_revoked")) {
                    throw GrafanaError.of(401, "Invalid API key");
                }
                long expires = rs.getLong("expires");
                if (!rs.wasNull() && expires > 0 && expires < System.currentTimeMillis() / 1000) {
                    throw GrafanaError.of(401, "API key has expired");
                }
                long orgId = rs.getLong("org_id");
                if (requestedOrg > 0 && requestedOrg != orgId) {
                    throw unauthorized(); // a token belongs to exactly one org
                }
                String login = rs.getString("login") == null ? "api-key" : rs.getString("login");
                return new Caller(rs.getLong("service_account_id"), login, rs.getString("email"), rs.getString("name"),
                        orgId, Role.fromGrafana(rs.getString("role")), true, false);
            }
        }
    }

    private static Optional<Role> roleIn(Connection c, long userId, long orgId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT role FROM org_user WHERE user_id = ? AND org_id = ?")) {
            ps.setLong(1, userId);
            ps.setLong(2, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(Role.fromGrafana(rs.getString(1))) : Optional.empty();
            }
        }
    }
}
