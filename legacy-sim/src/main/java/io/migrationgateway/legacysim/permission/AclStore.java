package io.migrationgateway.legacysim.permission;

import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.db.Transactions;
import io.migrationgateway.legacysim.error.GrafanaError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** The {@code dashboard_acl} rows of one org's dashboards and folders: the targets, their lists, their replacement. */
final class AclStore {
    private static final String TARGET = "SELECT id, uid, title, slug, is_folder FROM dashboard WHERE org_id = ? AND deleted IS NULL";

    /**
     * Grafana's {@code GetDashboardACLInfoList}: the rows on the dashboard, on its folder, and the default rows when the
     * folder (or, at the root, the dashboard) has no grants of its own; inherited are those of the folder and the
     * defaults standing for it.
     */
    private static final String LIST = """
            SELECT da.id, da.dashboard_id, da.user_id, da.team_id, da.role, da.permission, da.created, da.updated,
                   u.login, u.email,
                   (da.dashboard_id = -1 AND d.folder_id > 0) OR da.dashboard_id = d.folder_id AS inherited
            FROM dashboard d
            LEFT JOIN dashboard folder ON folder.id = d.folder_id
            JOIN dashboard_acl da ON da.dashboard_id = d.id OR da.dashboard_id = d.folder_id
                 OR (da.org_id = -1 AND (folder.id IS NOT NULL AND NOT folder.has_acl OR folder.id IS NULL AND NOT d.has_acl))
            LEFT JOIN "user" u ON u.id = da.user_id
            WHERE d.org_id = ? AND d.id = ?
            ORDER BY da.id""";

    private final DataSource dataSource;
    private final Clock clock;

    AclStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** A dashboard or a folder's row by uid, as Grafana's dashboard lookup finds either. */
    Optional<AclTarget> byUid(long orgId, String uid) throws SQLException {
        return target(TARGET + " AND uid = ?", orgId, uid);
    }

    /** A folder's row by uid. */
    Optional<AclTarget> folderByUid(long orgId, String uid) throws SQLException {
        return target(TARGET + " AND is_folder AND uid = ?", orgId, uid);
    }

    /** A dashboard or a folder's row by legacy id. */
    Optional<AclTarget> byId(long orgId, long id) throws SQLException {
        return target(TARGET + " AND id = ?", orgId, id);
    }

    Acl acl(long orgId, AclTarget target) throws SQLException {
        List<AclEntry> entries = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(LIST)) {
            ps.setLong(1, orgId);
            ps.setLong(2, target.id());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Grant grant = new Grant(rs.getLong("user_id"), rs.getLong("team_id"), rs.getString("role"), rs.getLong("permission"));
                    entries.add(new AclEntry(rs.getLong("id"), rs.getLong("dashboard_id"), grant, SqlTime.get(rs, "created"),
                            SqlTime.get(rs, "updated"), orEmpty(rs.getString("login")), orEmpty(rs.getString("email")),
                            rs.getBoolean("inherited")));
                }
            }
        }
        return new Acl(entries);
    }

    /**
     * Grafana's {@code UpdateDashboardACL}: the target's own rows replaced by {@code grants} and its {@code has_acl} set,
     * in one transaction. A store error is Grafana's 500 "Failed to create permission" (a permission beyond SMALLINT).
     */
    void replace(long orgId, long targetId, List<Grant> grants) throws SQLException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        try {
            Transactions.inTransaction(dataSource, c -> {
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM dashboard_acl WHERE dashboard_id = ?")) {
                    delete.setLong(1, targetId);
                    delete.executeUpdate();
                }
                insert(c, orgId, targetId, grants, now);
                try (PreparedStatement hasAcl = c.prepareStatement("UPDATE dashboard SET has_acl = TRUE WHERE id = ?")) {
                    hasAcl.setLong(1, targetId);
                    hasAcl.executeUpdate();
                }
                return null;
            });
        } catch (SQLException e) {
            throw GrafanaError.of(500, "Failed to create permission");
        }
    }

    /** Zero user and team ids are stored as NULL (xorm's Nullable), so that a dashboard can hold several role rows. */
    private static void insert(Connection c, long orgId, long targetId, List<Grant> grants, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO dashboard_acl (org_id, dashboard_id, user_id, team_id, permission, role, created, updated)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Grant grant : grants) {
                ps.setLong(1, orgId);
                ps.setLong(2, targetId);
                setNullableId(ps, 3, grant.userId());
                setNullableId(ps, 4, grant.teamId());
                ps.setLong(5, grant.permission());
                ps.setString(6, grant.role());
                SqlTime.set(ps, 7, now);
                SqlTime.set(ps, 8, now);
                ps.executeUpdate();
            }
        }
    }

    private static void setNullableId(PreparedStatement ps, int index, long id) throws SQLException {
        if (id == 0) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, id);
        }
    }

    private Optional<AclTarget> target(String sql, long orgId, Object key) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, orgId);
            ps.setObject(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(new AclTarget(rs.getLong("id"), rs.getString("uid"), rs.getString("title"), rs.getString("slug"),
                        rs.getBoolean("is_folder")))
                        : Optional.empty();
            }
        }
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
