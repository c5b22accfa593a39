package io.migrationgateway.legacysim.folder;

import io.migrationgateway.legacysim.db.SqlTime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * A folder as Grafana 9.3's legacy folder service reads it: identity, title, slug, version, authors and
 * times from its {@code dashboard} row (is_folder), description and parent from its {@code folder} row.
 *
 * @param id        the legacy numeric id (the {@code dashboard} row's id)
 * @param parentUid the parent folder's uid, empty at the top level
 * @param createdBy the author's login, "Anonymous" when the row names no user
 */
public record FolderRow(long id, String uid, String title, String slug, String description, String parentUid, int version,
                        boolean hasAcl, Instant created, Instant updated, String createdBy, String updatedBy) {

    private static final String SELECT = """
            SELECT d.id, d.uid, d.title, d.slug, f.description, f.parent_uid, d.version, d.has_acl, d.created, d.updated,
                   cu.login AS created_login, uu.login AS updated_login, d.data
            FROM dashboard d
            JOIN folder f ON f.org_id = d.org_id AND f.uid = d.uid
            LEFT JOIN "user" cu ON cu.id = d.created_by
            LEFT JOIN "user" uu ON uu.id = d.updated_by
            WHERE d.org_id = ? AND d.is_folder AND d.deleted IS NULL""";

    public static Optional<FolderRow> byUid(Connection c, long orgId, String uid) throws SQLException {
        return one(c, SELECT + " AND d.uid = ?", orgId, uid);
    }

    public static Optional<FolderRow> byId(Connection c, long orgId, long id) throws SQLException {
        return one(c, SELECT + " AND d.id = ?", orgId, id);
    }

    /** The folder with both its rows locked, for an update or a delete in the caller's transaction. */
    static Optional<Locked> lockByUid(Connection c, long orgId, String uid) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SELECT + " AND d.uid = ? FOR UPDATE OF d, f")) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Locked(map(rs), rs.getString("data"))) : Optional.empty();
            }
        }
    }

    /** A locked folder and the JSON model stored in its {@code dashboard} row. */
    record Locked(FolderRow row, String data) {
    }

    private static Optional<FolderRow> one(Connection c, String sql, long orgId, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, orgId);
            ps.setObject(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    private static FolderRow map(ResultSet rs) throws SQLException {
        String parent = rs.getString("parent_uid");
        return new FolderRow(rs.getLong("id"), rs.getString("uid"), rs.getString("title"), rs.getString("slug"),
                rs.getString("description"), parent == null ? "" : parent, rs.getInt("version"), rs.getBoolean("has_acl"),
                SqlTime.get(rs, "created"), SqlTime.get(rs, "updated"),
                login(rs.getString("created_login")), login(rs.getString("updated_login")));
    }

    /** Grafana shows "Anonymous" for authors that are not a user (id 0 or -1, the system). */
    private static String login(String login) {
        return login == null ? "Anonymous" : login;
    }
}
