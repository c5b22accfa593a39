package io.migrationgateway.legacysim.serviceaccount;

import io.migrationgateway.legacysim.auth.Passwords;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.db.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Service accounts as Grafana 9.3 keeps them ({@code pkg/services/serviceaccounts/database}): a {@code user} row with
 * {@code is_service_account} set, login and email {@code sa-<name, lower case, spaces as dashes>}, and an
 * {@code org_user} row carrying its role. Logins are unique across orgs, as the {@code user} table makes them.
 */
public final class ServiceAccountStore {
    private static final String COLUMNS = """
            u.id, u.name, u.login, ou.org_id, u.is_disabled, ou.role, u.created, u.updated,
            (SELECT count(*) FROM api_key k WHERE k.service_account_id = u.id AND k.org_id = ou.org_id) AS tokens""";

    private final DataSource dataSource;
    private final Clock clock;

    public ServiceAccountStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** A service account in one org, with the number of its tokens. */
    public record ServiceAccount(long id, String name, String login, long orgId, boolean disabled, String role,
                                 Instant created, Instant updated, long tokens) {
    }

    /** What a create writes. */
    public record NewServiceAccount(String name, Role role, boolean disabled) {
    }

    /** A PATCH: each field present or left alone. */
    public record Change(Optional<String> name, Optional<Role> role, Optional<Boolean> disabled) {
    }

    /** Which accounts a search keeps, besides the text: all, disabled ones, or those with an expired token. */
    public enum Filter { ALL, DISABLED, EXPIRED_TOKENS }

    /** One page of a search and the number of matches on all pages. */
    public record Page(long totalCount, List<ServiceAccount> accounts) {
        public Page {
            accounts = List.copyOf(accounts);
        }
    }

    /** Grafana's generated login: {@code sa-} and the name in lower case, spaces turned into dashes. */
    static String loginFor(String name) {
        return ("sa-" + name.toLowerCase(Locale.ROOT)).replace(' ', '-');
    }

    /** The new account; empty when the login (or email) its name makes is already some user's, in any org. */
    public Optional<ServiceAccount> create(long orgId, NewServiceAccount account) throws SQLException {
        String login = loginFor(account.name());
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        try {
            long id = Transactions.inTransaction(dataSource, c -> {
                if (loginTaken(c, login)) {
                    return -1L;
                }
                long userId = insertUser(c, orgId, account, login, now);
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO org_user (org_id, user_id, role, created, updated) VALUES (?, ?, ?, ?, ?)")) {
                    ps.setLong(1, orgId);
                    ps.setLong(2, userId);
                    ps.setString(3, account.role().grafanaName());
                    SqlTime.set(ps, 4, now);
                    SqlTime.set(ps, 5, now);
                    ps.executeUpdate();
                }
                return userId;
            });
            if (id < 0) {
                return Optional.empty();
            }
            return Optional.of(new ServiceAccount(id, account.name(), login, orgId, account.disabled(),
                    account.role().grafanaName(), now, now, 0));
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                return Optional.empty(); // a concurrent create took the login between the check and the insert
            }
            throw e;
        }
    }

    private static boolean loginTaken(Connection c, String login) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM \"user\" WHERE login = ? OR email = ?")) {
            ps.setString(1, login);
            ps.setString(2, login);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static long insertUser(Connection c, long orgId, NewServiceAccount account, String login, Instant now)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO "user" (version, login, email, name, salt, rands, org_id, is_admin, email_verified,
                                    is_disabled, is_service_account, created, updated)
                VALUES (0, ?, ?, ?, ?, ?, ?, FALSE, FALSE, ?, TRUE, ?, ?)""", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, login);
            ps.setString(2, login);
            ps.setString(3, account.name());
            ps.setString(4, Passwords.random(10));
            ps.setString(5, Passwords.random(10));
            ps.setLong(6, orgId);
            ps.setBoolean(7, account.disabled());
            SqlTime.set(ps, 8, now);
            SqlTime.set(ps, 9, now);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** The org's service account with this id. */
    public Optional<ServiceAccount> byId(long orgId, long id) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return byId(c, orgId, id, false);
        }
    }

    private static Optional<ServiceAccount> byId(Connection c, long orgId, long id, boolean lock) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + """
                 FROM org_user ou JOIN "user" u ON u.id = ou.user_id
                WHERE ou.org_id = ? AND u.id = ? AND u.is_service_account""" + (lock ? " FOR UPDATE OF u" : ""))) {
            ps.setLong(1, orgId);
            ps.setLong(2, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(account(rs)) : Optional.empty();
            }
        }
    }

    /**
     * A page of the org's service accounts whose name, login or email contains {@code query} in any case (Grafana's
     * {@code ILIKE} on PostgreSQL; the text goes in unescaped, as Grafana passes it), by email then login, as 9.3 orders
     * them (a service account's email is its login).
     */
    public Page search(long orgId, String query, Filter filter, int page, int perPage) throws SQLException {
        String where = """
                 FROM org_user ou JOIN "user" u ON u.id = ou.user_id
                WHERE ou.org_id = ? AND u.is_service_account AND (u.name ILIKE ? OR u.login ILIKE ? OR u.email ILIKE ?)"""
                + switch (filter) {
                    case ALL -> "";
                    case DISABLED -> " AND u.is_disabled";
                    case EXPIRED_TOKENS -> " AND EXISTS (SELECT 1 FROM api_key k WHERE k.service_account_id = u.id"
                            + " AND k.expires IS NOT NULL AND k.expires <= ?)";
                };
        try (Connection c = dataSource.getConnection()) {
            long total;
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*)" + where)) {
                bind(ps, orgId, query, filter);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total = rs.getLong(1);
                }
            }
            List<ServiceAccount> accounts = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + where + " ORDER BY u.email, u.login LIMIT ? OFFSET ?")) {
                int next = bind(ps, orgId, query, filter);
                ps.setInt(next, perPage);
                ps.setLong(next + 1, (long) (page - 1) * perPage);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        accounts.add(account(rs));
                    }
                }
            }
            return new Page(total, accounts);
        }
    }

    private int bind(PreparedStatement ps, long orgId, String query, Filter filter) throws SQLException {
        String pattern = "%" + query + "%";
        ps.setLong(1, orgId);
        ps.setString(2, pattern);
        ps.setString(3, pattern);
        ps.setString(4, pattern);
        if (filter == Filter.EXPIRED_TOKENS) {
            ps.setLong(5, clock.instant().getEpochSecond());
            return 6;
        }
        return 5;
    }

    /**
     * Applies a PATCH and answers the account as it was read before, with the changed fields set (Grafana 9.3's
     * {@code UpdateServiceAccount}: the name changes, the login stays, {@code updatedAt} is the one read).
     */
    public Optional<ServiceAccount> update(long orgId, long id, Change change) throws SQLException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        return Transactions.inTransaction(dataSource, c -> {
            Optional<ServiceAccount> found = byId(c, orgId, id, true);
            if (found.isEmpty()) {
                return found;
            }
            ServiceAccount before = found.get();
            if (change.role().isPresent()) {
                try (PreparedStatement ps = c.prepareStatement(
                        "UPDATE org_user SET role = ?, updated = ? WHERE org_id = ? AND user_id = ?")) {
                    ps.setString(1, change.role().get().grafanaName());
                    SqlTime.set(ps, 2, now);
                    ps.setLong(3, orgId);
                    ps.setLong(4, id);
                    ps.executeUpdate();
                }
            }
            if (change.name().isPresent() || change.disabled().isPresent()) {
                try (PreparedStatement ps = c.prepareStatement(
                        "UPDATE \"user\" SET name = ?, is_disabled = ?, updated = ? WHERE id = ?")) {
                    ps.setString(1, change.name().orElse(before.name()));
                    ps.setBoolean(2, change.disabled().orElse(before.disabled()));
                    SqlTime.set(ps, 3, now);
                    ps.setLong(4, id);
                    ps.executeUpdate();
                }
            }
            return Optional.of(new ServiceAccount(id, change.name().orElse(before.name()), before.login(), orgId,
                    change.disabled().orElse(before.disabled()), change.role().map(Role::grafanaName).orElse(before.role()),
                    before.created(), before.updated(), before.tokens()));
        });
    }

    /**
     * Deletes the account of this org with what Grafana's {@code ServiceAccountDeletions} removes that the legacy
     * tables here hold: its org membership, tokens, dashboard grants and preferences, then the user row. False when the
     * org has no such service account.
     */
    public boolean delete(long orgId, long id) throws SQLException {
        return Transactions.inTransaction(dataSource, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT 1 FROM \"user\" WHERE org_id = ? AND id = ? AND is_service_account FOR UPDATE")) {
                ps.setLong(1, orgId);
                ps.setLong(2, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                }
            }
            for (String sql : List.of("DELETE FROM org_user WHERE user_id = ?", "DELETE FROM api_key WHERE service_account_id = ?",
                    "DELETE FROM dashboard_acl WHERE user_id = ?", "DELETE FROM preferences WHERE user_id = ?",
                    "DELETE FROM \"user\" WHERE id = ?")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setLong(1, id);
                    ps.executeUpdate();
                }
            }
            return true;
        });
    }

    private static ServiceAccount account(ResultSet rs) throws SQLException {
        return new ServiceAccount(rs.getLong("id"), rs.getString("name"), rs.getString("login"), rs.getLong("org_id"),
                rs.getBoolean("is_disabled"), rs.getString("role"), SqlTime.get(rs, "created"), SqlTime.get(rs, "updated"),
                rs.getLong("tokens"));
    }
}
