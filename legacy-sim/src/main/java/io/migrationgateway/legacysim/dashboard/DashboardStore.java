package io.migrationgateway.legacysim.dashboard;

import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.db.Transactions;
import io.migrationgateway.legacysim.folder.FolderLookup;
import io.migrationgateway.legacysim.folder.FolderRef;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Dashboards in Grafana's legacy tables, with Grafana's save rules: create or update by id or uid,
 * optimistic concurrency on {@code version} (unless {@code overwrite}), a {@code dashboard_version} row
 * and fresh {@code dashboard_tag} rows for every save, all in one transaction.
 */
public final class DashboardStore {
    static final String SELECT = """
            SELECT d.id, d.org_id, d.uid, d.title, d.slug, d.version, d.data, d.created, d.updated,
                   cu.login AS created_login, uu.login AS updated_login, d.folder_id, d.folder_uid, d.has_acl,
                   f.id AS f_id, f.title AS f_title, f.slug AS f_slug
            FROM dashboard d
            LEFT JOIN "user" cu ON cu.id = d.created_by
            LEFT JOIN "user" uu ON uu.id = d.updated_by
            LEFT JOIN dashboard f ON f.org_id = d.org_id AND f.uid = d.folder_uid AND f.is_folder AND f.deleted IS NULL
            """;

    private final DataSource dataSource;
    private final Clock clock;

    public DashboardStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** What a save produced. */
    public record Saved(long id, String uid, String slug, int version) {
    }

    /** One row of {@code dashboard_version}, with the author's login. */
    public record Version(long id, long dashboardId, String dashboardUid, int parentVersion, int restoredFrom, int version,
                          Instant created, String createdBy, String message, String data) {
    }

    public Optional<DashboardRow> byUid(long orgId, String uid) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return one(c, SELECT + " WHERE d.org_id = ? AND d.uid = ? AND NOT d.is_folder AND d.deleted IS NULL", orgId, uid);
        }
    }

    public Optional<DashboardRow> byId(long orgId, long id) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return one(c, SELECT + " WHERE d.org_id = ? AND d.id = ? AND NOT d.is_folder AND d.deleted IS NULL", orgId, id);
        }
    }

    public Saved save(long orgId, SaveCommand command, Caller caller) throws SQLException {
        try {
            return Transactions.inTransaction(dataSource, c -> save(c, orgId, command, caller));
        } catch (SQLException e) {
            if (!"23505".equals(e.getSQLState())) {
                throw e;
            }
            // a concurrent save created the same uid between this one's lookup and its insert; saved again, this one finds
            // that dashboard and updates it (with overwrite) or is refused as a changed dashboard, as in Grafana
            return Transactions.inTransaction(dataSource, c -> save(c, orgId, command, caller));
        }
    }

    private Saved save(Connection c, long orgId, SaveCommand command, Caller caller) throws SQLException {
        Map<String, Object> model = command.model();
        String title = model.get("title") instanceof String t ? t.strip() : "";
        if (title.isEmpty()) {
            throw GrafanaError.withStatus(400, "empty-name", "Dashboard title cannot be empty");
        }
        if (title.length() > 5000) {
            throw GrafanaError.withStatus(400, "title-too-long", "Dashboard title cannot be longer than 5000 characters");
        }
        if (command.message() != null && command.message().length() > 500) {
            throw GrafanaError.badRequest("message too long, max 500 characters");
        }
        long id = model.get("id") instanceof Number n ? n.longValue() : 0;
        String uid = model.get("uid") instanceof String u ? u : "";
        int version = model.get("version") instanceof Number n ? n.intValue() : 0;
        String uidProblem = Names.uidProblem(uid);
        if (uidProblem != null) {
            throw GrafanaError.badRequest(uidProblem);
        }

        DashboardRow existing = null;
        if (id > 0) {
            existing = one(c, SELECT + " WHERE d.org_id = ? AND d.id = ? AND NOT d.is_folder FOR UPDATE OF d", orgId, id)
                    .orElseThrow(() -> GrafanaError.withStatus(404, "not-found", "Dashboard not found"));
            if (!command.overwrite() && version != existing.version()) {
                throw versionMismatch();
            }
        }
        if (!uid.isEmpty()) {
            Optional<DashboardRow> byUid = one(c, SELECT + " WHERE d.org_id = ? AND d.uid = ? FOR UPDATE OF d", orgId, uid);
            if (byUid.isPresent()) {
                if (existing != null && byUid.get().id() != existing.id()) {
                    throw GrafanaError.badRequest("A dashboard with the same uid already exists");
                }
                if (existing == null) {
                    existing = byUid.get();
                    if (!command.overwrite() && version != existing.version()) {
                        throw versionMismatch();
                    }
                }
            }
        }

        FolderRef folder = resolveFolder(c, orgId, command, existing);
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        String finalUid = existing != null ? existing.uid() : (uid.isEmpty() ? Names.newUid() : uid);
        int newVersion = existing == null ? 1 : existing.version() + 1;
        String slug = Names.slugify(title);
        model.put("title", title);
        model.put("uid", finalUid);
        model.put("version", newVersion);

        long dashboardId;
        if (existing == null) {
            model.remove("id");
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, created_by, updated_by,
                                           folder_id, folder_uid, is_folder, uid)
                    VALUES (?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, FALSE, ?)""", Statement.RETURN_GENERATED_KEYS)) {
                ps.setInt(1, newVersion);
                ps.setString(2, slug);
                ps.setString(3, title);
                ps.setLong(4, orgId);
                SqlTime.set(ps, 5, now);
                SqlTime.set(ps, 6, now);
                ps.setLong(7, caller.userId());
                ps.setLong(8, caller.userId());
                ps.setLong(9, folder == null ? 0 : folder.id());
                ps.setString(10, folder == null ? null : folder.uid());
                ps.setString(11, finalUid);
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    dashboardId = keys.getLong(1);
                }
            }
        } else {
            dashboardId = existing.id();
        }
        model.put("id", dashboardId);
        String data = Json.write(model);
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE dashboard SET version = ?, slug = ?, title = ?, data = ?, updated = ?, updated_by = ?,
                                     folder_id = ?, folder_uid = ?
                WHERE id = ?""")) {
            ps.setInt(1, newVersion);
            ps.setString(2, slug);
            ps.setString(3, title);
            ps.setString(4, data);
            SqlTime.set(ps, 5, now);
            ps.setLong(6, caller.userId());
            ps.setLong(7, folder == null ? 0 : folder.id());
            ps.setString(8, folder == null ? null : folder.uid());
            ps.setLong(9, dashboardId);
            ps.executeUpdate();
        }
        insertVersion(c, dashboardId, existing == null ? 0 : existing.version(), command.restoredFrom(), newVersion, now,
                caller.userId(), command.message() == null ? "" : command.message(), data);
        replaceTags(c, orgId, dashboardId, finalUid, tagsOf(model));
        return new Saved(dashboardId, finalUid, slug, newVersion);
    }

    private static FolderRef resolveFolder(Connection c, long orgId, SaveCommand command, DashboardRow existing) throws SQLException {
        if (command.folderUid() != null && !command.folderUid().isEmpty()) {
            return FolderLookup.byUid(c, orgId, command.folderUid()).orElseThrow(() -> GrafanaError.notFound("Folder not found"));
        }
        if (command.folderId() != null && command.folderId() > 0) {
            return FolderLookup.byId(c, orgId, command.folderId()).orElseThrow(() -> GrafanaError.notFound("Folder not found"));
        }
        if (command.folderUid() == null && command.folderId() == null && existing != null && existing.folderUid() != null
                && !existing.folderUid().isEmpty()) {
            return FolderLookup.byUid(c, orgId, existing.folderUid()).orElse(null); // an update without folder keeps it
        }
        return null;
    }

    private static GrafanaError versionMismatch() {
        return GrafanaError.withStatus(412, "version-mismatch", "The dashboard has been changed by someone else");
    }

    static void insertVersion(Connection c, long dashboardId, int parentVersion, int restoredFrom, int version, Instant created,
                              long createdBy, String message, String data) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO dashboard_version (dashboard_id, parent_version, restored_from, version, created, created_by, message, data)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setLong(1, dashboardId);
            ps.setInt(2, parentVersion);
            ps.setInt(3, restoredFrom);
            ps.setInt(4, version);
            SqlTime.set(ps, 5, created);
            ps.setLong(6, createdBy);
            ps.setString(7, message);
            ps.setString(8, data);
            ps.executeUpdate();
        }
    }

    static void replaceTags(Connection c, long orgId, long dashboardId, String uid, Collection<String> tags) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM dashboard_tag WHERE dashboard_id = ?")) {
            delete.setLong(1, dashboardId);
            delete.executeUpdate();
        }
        if (tags.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO dashboard_tag (dashboard_id, term, dashboard_uid, org_id) VALUES (?, ?, ?, ?)")) {
            for (String tag : tags) {
                insert.setLong(1, dashboardId);
                insert.setString(2, tag.length() > 50 ? tag.substring(0, 50) : tag);
                insert.setString(3, uid);
                insert.setLong(4, orgId);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The model's {@code tags}, as Grafana indexes them (distinct, non-empty strings). */
    static Set<String> tagsOf(Map<String, Object> model) {
        Set<String> tags = new LinkedHashSet<>();
        if (model.get("tags") instanceof List<?> list) {
            for (Object tag : list) {
                if (tag instanceof String s && !s.isBlank()) {
                    tags.add(s);
                }
            }
        }
        return tags;
    }

    /** Deletes the dashboard with its versions, tags and permissions; empty when there is none. */
    public Optional<DashboardRow> delete(long orgId, String uid) throws SQLException {
        return Transactions.inTransaction(dataSource, c -> {
            Optional<DashboardRow> row = one(c, SELECT + " WHERE d.org_id = ? AND d.uid = ? AND NOT d.is_folder AND d.deleted IS NULL FOR UPDATE OF d",
                    orgId, uid);
            if (row.isPresent()) {
                for (String sql : List.of("DELETE FROM dashboard_tag WHERE dashboard_id = ?",
                        "DELETE FROM dashboard_version WHERE dashboard_id = ?", "DELETE FROM dashboard_acl WHERE dashboard_id = ?",
                        "DELETE FROM dashboard WHERE id = ?")) {
                    try (PreparedStatement ps = c.prepareStatement(sql)) {
                        ps.setLong(1, row.get().id());
                        ps.executeUpdate();
                    }
                }
            }
            return row;
        });
    }

    /** A tag and how many dashboards of the org carry it (Grafana's DashboardTagCloudItem). */
    public record TagCount(String term, long count) {
    }

    /** Grafana's tag cloud: every tag of the org's dashboards with its count, by term. */
    public List<TagCount> tags(long orgId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT t.term, count(*) FROM dashboard_tag t JOIN dashboard d ON d.id = t.dashboard_id
                     WHERE d.org_id = ? AND d.deleted IS NULL GROUP BY t.term ORDER BY t.term""")) {
            ps.setLong(1, orgId);
            List<TagCount> tags = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    tags.add(new TagCount(rs.getString(1), rs.getLong(2)));
                }
            }
            return tags;
        }
    }

    public List<Version> versions(long dashboardId, String dashboardUid, int limit, int start) throws SQLException {
        List<Version> versions = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT v.id, v.dashboard_id, v.parent_version, v.restored_from, v.version, v.created, u.login, v.message
                     FROM dashboard_version v LEFT JOIN "user" u ON u.id = v.created_by
                     WHERE v.dashboard_id = ? ORDER BY v.version DESC LIMIT ? OFFSET ?""")) {
            ps.setLong(1, dashboardId);
            ps.setInt(2, limit);
            ps.setInt(3, start);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    versions.add(new Version(rs.getLong(1), rs.getLong(2), dashboardUid, rs.getInt(3), rs.getInt(4), rs.getInt(5),
                            SqlTime.get(rs, 6), login(rs.getString(7)), rs.getString(8), null));
                }
            }
        }
        return versions;
    }

    /** The version numbered {@code version} (Grafana's version routes take the number, not the row id). */
    public Optional<Version> version(long dashboardId, String dashboardUid, long version) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT v.id, v.dashboard_id, v.parent_version, v.restored_from, v.version, v.created, u.login, v.message, v.data
                     FROM dashboard_version v LEFT JOIN "user" u ON u.id = v.created_by
                     WHERE v.dashboard_id = ? AND v.version = ?""")) {
            ps.setLong(1, dashboardId);
            ps.setLong(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(new Version(rs.getLong(1), rs.getLong(2), dashboardUid, rs.getInt(3), rs.getInt(4), rs.getInt(5),
                        SqlTime.get(rs, 6), login(rs.getString(7)), rs.getString(8), rs.getString(9)))
                        : Optional.empty();
            }
        }
    }

    /** Grafana shows "Anonymous" for authors that are not a user (id 0 or -1, the system). */
    static String login(String login) {
        return login == null ? "Anonymous" : login;
    }

    private static Optional<DashboardRow> one(Connection c, String sql, long orgId, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, orgId);
            ps.setObject(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new DashboardRow(rs.getLong("id"), rs.getLong("org_id"), rs.getString("uid"),
                        rs.getString("title"), rs.getString("slug"), rs.getInt("version"), rs.getString("data"),
                        SqlTime.get(rs, "created"), SqlTime.get(rs, "updated"),
                        login(rs.getString("created_login")), login(rs.getString("updated_login")),
                        rs.getLong("folder_id"), rs.getString("folder_uid"), rs.getBoolean("has_acl"),
                        rs.getString("f_title") == null ? Optional.empty()
                                : Optional.of(new FolderRef(rs.getLong("f_id"), rs.getString("folder_uid"), rs.getString("f_title"),
                                rs.getString("f_slug")))));
            }
        }
    }
}
