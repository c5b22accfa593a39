package io.migrationgateway.legacysim.folder;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Deleting a folder the way Grafana's legacy store does ({@code DeleteDashboard} on a folder row), extended to
 * nested folders as Grafana does when they are enabled: the folder and every folder below it, each with both its
 * rows, every dashboard inside any of them, and what hangs off those rows ({@code dashboard_tag},
 * {@code dashboard_version}, {@code dashboard_acl}, {@code dashboard_by_id} playlist items). Runs in the caller's
 * transaction, which has locked the folder.
 */
final class FolderTreeDeletion {
    private FolderTreeDeletion() {
    }

    static void delete(Connection c, long orgId, String uid) throws SQLException {
        List<String> uids = subtree(c, orgId, uid);
        Array uidArray = c.createArrayOf("varchar", uids.toArray());
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT id FROM dashboard
                WHERE org_id = ? AND ((is_folder AND uid = ANY(?)) OR folder_uid = ANY(?)
                      OR folder_id IN (SELECT id FROM dashboard WHERE org_id = ? AND is_folder AND uid = ANY(?)))
                FOR UPDATE""")) {
            ps.setLong(1, orgId);
            ps.setArray(2, uidArray);
            ps.setArray(3, uidArray);
            ps.setLong(4, orgId);
            ps.setArray(5, uidArray);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
        }
        Array idArray = c.createArrayOf("bigint", ids.toArray());
        for (String sql : List.of("DELETE FROM dashboard_tag WHERE dashboard_id = ANY(?)",
                "DELETE FROM dashboard_version WHERE dashboard_id = ANY(?)",
                "DELETE FROM dashboard_acl WHERE dashboard_id = ANY(?)",
                // Grafana drops the playlist items that name a deleted dashboard by id; uid and tag items stay
                "DELETE FROM playlist_item WHERE type = 'dashboard_by_id' AND value = ANY(?::bigint[]::text[])",
                "DELETE FROM dashboard WHERE id = ANY(?)")) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setArray(1, idArray);
                ps.executeUpdate();
            }
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM folder WHERE org_id = ? AND uid = ANY(?)")) {
            ps.setLong(1, orgId);
            ps.setArray(2, uidArray);
            ps.executeUpdate();
        }
    }

    /** The folder's uid and those of all folders below it. */
    private static List<String> subtree(Connection c, long orgId, String uid) throws SQLException {
        List<String> uids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                WITH RECURSIVE tree(uid) AS (
                    SELECT uid FROM folder WHERE org_id = ? AND uid = ?
                    UNION
                    SELECT f.uid FROM folder f JOIN tree t ON f.parent_uid = t.uid WHERE f.org_id = ?
                )
                SELECT uid FROM tree""")) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            ps.setLong(3, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    uids.add(rs.getString(1));
                }
            }
        }
        return uids;
    }
}
