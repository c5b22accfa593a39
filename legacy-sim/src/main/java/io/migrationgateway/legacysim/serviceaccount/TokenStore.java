package io.migrationgateway.legacysim.serviceaccount;

import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.auth.ServiceAccountToken;
import io.migrationgateway.legacysim.db.SqlTime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Service-account tokens in Grafana's {@code api_key} table: {@code key} holds {@link ServiceAccountToken#hash()} only,
 * {@code role} is Viewer as Grafana writes it (a token acts with its account's org role), {@code expires} is epoch
 * seconds or NULL, and names are unique per org.
 */
public final class TokenStore {
    private final DataSource dataSource;
    private final Clock clock;

    public TokenStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** An {@code api_key} row of a service account; expiry in epoch seconds, absent when it never expires. */
    public record Token(long id, String name, Instant created, Optional<Instant> lastUsedAt, Optional<Long> expires,
                        Boolean revoked) {
    }

    /** The account's tokens in the org, by name. */
    public List<Token> list(long orgId, long serviceAccountId) throws SQLException {
        List<Token> tokens = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT id, name, created, last_used_at, expires, is_revoked FROM api_key
                     WHERE org_id = ? AND service_account_id = ? ORDER BY name, id""")) {
            ps.setLong(1, orgId);
            ps.setLong(2, serviceAccountId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long expires = rs.getLong("expires");
                    Optional<Long> expiry = rs.wasNull() ? Optional.empty() : Optional.of(expires);
                    boolean revoked = rs.getBoolean("is_revoked");
                    Boolean isRevoked = rs.wasNull() ? null : revoked; // read at once: wasNull speaks of the last column read
                    tokens.add(new Token(rs.getLong("id"), rs.getString("name"), SqlTime.get(rs, "created"),
                            Optional.ofNullable(SqlTime.get(rs, "last_used_at")), expiry, isRevoked));
                }
            }
        }
        return tokens;
    }

    /**
     * Stores the hash of a new token for the account; its id, or empty when the org already has a token (or API key)
     * of that name. {@code secondsToLive} above 0 sets the expiry.
     */
    public Optional<Long> add(long orgId, long serviceAccountId, String name, long secondsToLive, ServiceAccountToken token)
            throws SQLException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     INSERT INTO api_key (org_id, name, key, role, created, updated, expires, service_account_id, is_revoked)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, FALSE)""", Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, orgId);
            ps.setString(2, name);
            ps.setString(3, token.hash());
            ps.setString(4, Role.VIEWER.grafanaName());
            SqlTime.set(ps, 5, now);
            SqlTime.set(ps, 6, now);
            if (secondsToLive > 0) {
                ps.setLong(7, now.getEpochSecond() + secondsToLive);
            } else {
                ps.setNull(7, Types.BIGINT);
            }
            ps.setLong(8, serviceAccountId);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return Optional.of(keys.getLong(1));
            }
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                return Optional.empty(); // UNIQUE (org_id, name), Grafana's ErrDuplicateToken
            }
            throw e;
        }
    }

    /** Deletes the account's token; false when the org's account has no such token. */
    public boolean delete(long orgId, long serviceAccountId, long tokenId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "DELETE FROM api_key WHERE id = ? AND org_id = ? AND service_account_id = ?")) {
            ps.setLong(1, tokenId);
            ps.setLong(2, orgId);
            ps.setLong(3, serviceAccountId);
            return ps.executeUpdate() > 0;
        }
    }
}
