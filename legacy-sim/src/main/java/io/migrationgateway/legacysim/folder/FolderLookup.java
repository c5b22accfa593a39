package io.migrationgateway.legacysim.folder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Finds folders by uid or legacy id through their {@code dashboard} rows ({@code is_folder}). */
public final class FolderLookup {
    private FolderLookup() {
    }

    public static Optional<FolderRef> byUid(Connection c, long orgId, String uid) throws SQLException {
        return one(c, "SELECT id, uid, title, slug FROM dashboard WHERE org_id = ? AND uid = ? AND is_folder AND deleted IS NULL",
                orgId, uid);
    }

    public static Optional<FolderRef> byId(Connection c, long orgId, long id) throws SQLException {
        return one(c, "SELECT id, uid, title, slug FROM dashboard WHERE org_id = ? AND id = ? AND is_folder AND deleted IS NULL",
                orgId, id);
    }

    private static Optional<FolderRef> one(Connection c, String sql, long orgId, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, orgId);
            ps.setObject(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(new FolderRef(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                        : Optional.empty();
            }
        }
    }
}
