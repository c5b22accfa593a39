package io.migrationgateway.legacysim.folder;

import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.dashboard.Names;
import io.migrationgateway.legacysim.http.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Folders in Grafana's legacy bookkeeping: a row in {@code folder} (uid, title, parent) and, with the same
 * uid, a row in {@code dashboard} with {@code is_folder} whose id is the folder's legacy numeric id.
 * Both rows are written in the caller's transaction.
 */
public final class FolderStore {
    private FolderStore() {
    }

    /** Creates a folder; returns its legacy id. */
    public static FolderRef create(Connection c, long orgId, String uid, String title, String parentUid, long userId,
                                   Instant now) throws SQLException {
        String slug = Names.slugify(title);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("title", title);
        model.put("uid", uid);
        model.put("version", 1);
        long id;
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, created_by, updated_by,
                                       folder_id, is_folder, uid, folder_uid)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, 0, TRUE, ?, ?)""", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, slug);
            ps.setString(2, title);
            ps.setString(3, Json.write(model));
            ps.setLong(4, orgId);
            SqlTime.set(ps, 5, now);
            SqlTime.set(ps, 6, now);
            ps.setLong(7, userId);
            ps.setLong(8, userId);
            ps.setString(9, uid);
            ps.setString(10, parentUid == null || parentUid.isEmpty() ? null : parentUid);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO folder (uid, org_id, title, description, parent_uid, created, updated) VALUES (?, ?, ?, NULL, ?, ?, ?)""")) {
            ps.setString(1, uid);
            ps.setLong(2, orgId);
            ps.setString(3, title);
            ps.setString(4, parentUid == null ? "" : parentUid);
            SqlTime.set(ps, 5, now);
            SqlTime.set(ps, 6, now);
            ps.executeUpdate();
        }
        return new FolderRef(id, uid, title, slug);
    }
}
