package io.migrationgateway.legacysim.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.model.go.GoIntegers;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Grafana's authentication and org context: HTTP Basic for users (login or email), {@code Bearer} for
 * service-account tokens; the org is {@code targetOrgId} (when above 0), else the {@code X-Grafana-Org-Id}
 * header, else the user's current org (reference §1.1), and the caller must belong to it. Successful
 * password checks are cached for 30 seconds per credential and org, because PBKDF2 costs milliseconds by design. A
 * token's hash is cached, but its {@code api_key} row is read on every request, as Grafana does: a token written or
 * revoked in the tables by another process (the gateway's dual-write of service accounts) counts at once.
 *
 * <p>The cache is refreshed ahead of expiry, and a credential not cached yet is checked once however many requests
 * bring it at the same moment: when every request found the entry expired at once, each one ran PBKDF2 while holding a
 * database connection, and the simulator stalled for a few hundred milliseconds every 30 seconds (which the shadow
 * benchmark measured as the gateway's p99).
 */
public final class Authenticator {
    private final DataSource dataSource;
    private final Clock clock;
    private final LoadingCache<Credential, Verified> verified = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofSeconds(30))
            .refreshAfterWrite(Duration.ofSeconds(15))
            .build(new CacheLoader<>() {
                @Override
                public Verified load(Credential credential) {
                    return verify(credential);
                }

                @Override
                public Verified reload(Credential credential, Verified cached) {
                    try {
                        return verify(credential);
                    } catch (GrafanaError refused) {
                        return null; // dropped: the next request is checked again and gets the error itself
                    }
                }
            });

    /** Each token's hash (PBKDF2, the costly part of a check), or empty when it is not in the glsa form. */
    private final LoadingCache<String, Optional<String>> hashes = Caffeine.newBuilder()
            .maximumSize(10_000)
            .build(token -> ServiceAccountToken.parse(token).map(ServiceAccountToken::hash));
    /** The tokens whose last use was written in the last 15 seconds. */
    private final Cache<Long, Boolean> touched = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofSeconds(15))
            .build();

    /** What a check depends on: the {@code Authorization} value and the org asked for (0: the caller's current org). */
    private record Credential(String authorization, long requestedOrg) {
    }

    /** A successful check and until when it holds: a token's expiry (epoch seconds), else never. */
    private record Verified(Caller caller, long expiresAt) {
    }

    public Authenticator(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /**
     * Drops every cached check, so that a service account or token just changed (deleted, disabled, given another
     * role) is checked afresh on its next request rather than up to 30 seconds later.
     */
    public void forgetVerifiedCredentials() {
        verified.invalidateAll();
    }

    /** The caller, or a 401 {@link GrafanaError} in Grafana's shape. */
    public Caller authenticate(HttpServerExchange exchange) {
        String authorization = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (authorization == null) {
            throw unauthorized();
        }
        if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            try {
                return bearer(authorization.substring(7).strip(), requestedOrg(exchange)).caller();
            } catch (SQLException e) {
                throw GrafanaError.of(500, "Internal Server Error");
            }
        }
        Credential credential = new Credential(authorization, requestedOrg(exchange));
        Verified check = verified.get(credential);
        if (check.expiresAt() <= clock.instant().getEpochSecond()) {
            verified.invalidate(credential); // a cached token must not outlive its expiry
            throw expired();
        }
        return check.caller();
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

    private Verified verify(Credential credential) {
        String authorization = credential.authorization();
        try {
            if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
                return basic(authorization.substring(6).strip(), credential.requestedOrg());
            }
        } catch (SQLException e) {
            throw GrafanaError.of(500, "Internal Server Error");
        }
        throw unauthorized();
    }

    private Verified basic(String encoded, long requestedOrg) throws SQLException {
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
                return new Verified(new Caller(rs.getLong("id"), rs.getString("login"), rs.getString("email"),
                        rs.getString("name"), orgId, role, false, rs.getBoolean("is_admin")), Long.MAX_VALUE);
            }
        }
    }

    /**
     * A service-account token, checked as Grafana 9.3's context handler does: unknown (or not in the glsa form), expired,
     * revoked, then the account disabled; a token acts with its service account's role in the token's org.
     */
    private Verified bearer(String token, long requestedOrg) throws SQLException {
        String hash = hashes.get(token).orElseThrow(Authenticator::invalidApiKey);
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT k.id, k.org_id, k.role, k.expires, k.is_revoked, k.service_account_id,
                            u.login, u.email, u.name, u.is_disabled, ou.role AS account_role
                     FROM api_key k
                     LEFT JOIN "user" u ON u.id = k.service_account_id
                     LEFT JOIN org_user ou ON ou.user_id = k.service_account_id AND ou.org_id = k.org_id
                     WHERE k.key = ?""")) {
            ps.setString(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw invalidApiKey();
                }
                long expires = rs.getLong("expires");
                long expiresAt = rs.wasNull() ? Long.MAX_VALUE : expires;
                if (expiresAt <= clock.instant().getEpochSecond()) {
                    throw expired();
                }
                if (rs.getBoolean("is_revoked")) {
                    throw GrafanaError.of(401, "Revoked token");
                }
                if (touched.asMap().putIfAbsent(rs.getLong("id"), Boolean.TRUE) == null) {
                    touch(c, rs.getLong("id"));
                }
                if (rs.getBoolean("is_disabled")) {
                    throw GrafanaError.of(401, "Service account is disabled");
                }
                long orgId = rs.getLong("org_id");
                if (requestedOrg > 0 && requestedOrg != orgId) {
                    throw unauthorized(); // a token belongs to exactly one org
                }
                String login = rs.getString("login") == null ? "api-key" : rs.getString("login");
                String role = rs.getString("account_role") == null ? rs.getString("role") : rs.getString("account_role");
                return new Verified(new Caller(rs.getLong("service_account_id"), login, rs.getString("email"),
                        rs.getString("name"), orgId, Role.fromGrafana(role), true, false), expiresAt);
            }
        }
    }

    private static GrafanaError invalidApiKey() {
        return GrafanaError.of(401, "Invalid API key");
    }

    private static GrafanaError expired() {
        return GrafanaError.of(401, "Expired API key");
    }

    /** Grafana's {@code UpdateAPIKeyLastUsedDate}; here at most every 15 seconds per token. */
    private void touch(Connection c, long keyId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE api_key SET last_used_at = ? WHERE id = ?")) {
            SqlTime.set(ps, 1, clock.instant().truncatedTo(ChronoUnit.SECONDS));
            ps.setLong(2, keyId);
            ps.executeUpdate();
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
