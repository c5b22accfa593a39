package io.migrationgateway.legacysim.folder;

import io.migrationgateway.legacysim.db.Transactions;
import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.db.SqlTime;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Folders in Grafana's legacy bookkeeping: a row in {@code folder} (uid, title, description, parent) and, with the
 * same uid, a row in {@code dashboard} with {@code is_folder} whose id is the folder's legacy numeric id and whose
 * version is the folder's version. Every write keeps both rows in step inside one transaction; the static
 * {@link #create(Connection, long, String, String, String, long, Instant)} writes in the caller's transaction
 * (the seeder's). Refusals are thrown as {@link GrafanaError}s with Grafana 9.3's folder texts ({@link FolderErrors}).
 */
public final class FolderStore {
    private final DataSource dataSource;
    private final Clock clock;

    public FolderStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** A create request; {@code uid} empty for a generated one, {@code parentUid} empty for the top level. */
    public record NewFolder(String uid, String title, String description, String parentUid) {
    }

    /** An update request; a null {@code title} or {@code description} keeps the stored one. */
    public record Change(String title, String description, int version, boolean overwrite) {
    }

    /** One folder of a listing. */
    public record Child(long id, String uid, String title, String parentUid) {
    }

    public Optional<FolderRow> byUid(long orgId, String uid) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return FolderRow.byUid(c, orgId, uid);
        }
    }

    public Optional<FolderRow> byId(long orgId, long id) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return FolderRow.byId(c, orgId, id);
        }
    }

    /** The direct children of {@code parentUid} (the top level when empty), by title; a missing parent is not found. */
    public List<Child> children(long orgId, String parentUid, int limit, int offset) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (!parentUid.isEmpty() && FolderLookup.byUid(c, orgId, parentUid).isEmpty()) {
                throw FolderErrors.notFound();
            }
            List<Child> children = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT d.id, f.uid, f.title, f.parent_uid
                    FROM folder f JOIN dashboard d ON d.org_id = f.org_id AND d.uid = f.uid AND d.is_folder AND d.deleted IS NULL
                    WHERE f.org_id = ? AND COALESCE(f.parent_uid, '') = ?
                    ORDER BY lower(f.title) COLLATE "C", f.title COLLATE "C", d.id LIMIT ? OFFSET ?""")) {
                ps.setLong(1, orgId);
                ps.setString(2, parentUid);
                ps.setInt(3, limit);
                ps.setInt(4, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String parent = rs.getString(4);
                        children.add(new Child(rs.getLong(1), rs.getString(2), rs.getString(3), parent == null ? "" : parent));
                    }
                }
            }
            return children;
        }
    }

    /**
     * Creates a folder with Grafana 9.3's checks, in order: title, uid characters, parent, uid already taken
     * (by a folder: version mismatch, as 9.3 answers; by a dashboard: type mismatch), same name among siblings.
     */
    public FolderRow create(long orgId, NewFolder folder, long userId) throws SQLException {
        String title = folder.title() == null ? "" : folder.title().strip();
        if (title.isEmpty()) {
            throw FolderErrors.titleEmpty();
        }
        String uid = folder.uid() == null ? "" : folder.uid().strip();
        String uidProblem = Names.uidProblem(uid);
        if (uidProblem != null) {
            throw GrafanaError.badRequest(uidProblem);
        }
        String parentUid = folder.parentUid() == null ? "" : folder.parentUid();
        try {
            return inTransaction(c -> {
                if (!parentUid.isEmpty() && FolderLookup.byUid(c, orgId, parentUid).isEmpty()) {
                    throw FolderErrors.notFound();
                }
                if (!uid.isEmpty()) {
                    refuseTakenUid(c, orgId, uid);
                }
                refuseSiblingWithSlug(c, orgId, parentUid, Names.slugify(title), "");
                String finalUid = uid.isEmpty() ? Names.newUid() : uid;
                create(c, orgId, finalUid, title, folder.description(), parentUid, userId, now());
                return FolderRow.byUid(c, orgId, finalUid).orElseThrow();
            });
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                throw FolderErrors.versionMismatch(); // a concurrent create took the uid between the check and the insert
            }
            throw e;
        }
    }

    /**
     * Updates title and description with optimistic concurrency on {@code version} (unless {@code overwrite}),
     * bumping the version of the {@code dashboard} row and keeping its title, slug and model in step.
     */
    public FolderRow update(long orgId, String uid, Change change, long userId) throws SQLException {
        return inTransaction(c -> {
            FolderRow.Locked locked = FolderRow.lockByUid(c, orgId, uid).orElseThrow(FolderErrors::notFound);
            FolderRow row = locked.row();
            String title = change.title() == null ? row.title() : change.title().strip();
            if (title.isEmpty()) {
                throw FolderErrors.titleEmpty();
            }
            if (!change.overwrite() && change.version() != row.version()) {
                throw FolderErrors.versionMismatch();
            }
            String slug = Names.slugify(title);
            if (!slug.equals(row.slug())) {
                refuseSiblingWithSlug(c, orgId, row.parentUid(), slug, uid);
            }
            int version = row.version() + 1;
            Instant now = now();
            Map<String, Object> model = Json.parseModel(locked.data());
            model.put("title", title);
            model.put("version", version);
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE dashboard SET title = ?, slug = ?, data = ?, version = ?, updated = ?, updated_by = ? WHERE id = ?")) {
                ps.setString(1, title);
                ps.setString(2, slug);
                ps.setString(3, Json.write(model));
                ps.setInt(4, version);
                SqlTime.set(ps, 5, now);
                ps.setLong(6, userId);
                ps.setLong(7, row.id());
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE folder SET title = ?, description = ?, updated = ? WHERE org_id = ? AND uid = ?")) {
                ps.setString(1, title);
                ps.setString(2, change.description() == null ? row.description() : change.description());
                SqlTime.set(ps, 3, now);
                ps.setLong(4, orgId);
                ps.setString(5, uid);
                ps.executeUpdate();
            }
            return FolderRow.byUid(c, orgId, uid).orElseThrow();
        });
    }

    /** Deletes the folder, its subfolders and every dashboard in them (see {@link FolderTreeDeletion}). */
    public boolean delete(long orgId, String uid) throws SQLException {
        return inTransaction(c -> {
            if (FolderRow.lockByUid(c, orgId, uid).isEmpty()) {
                return false;
            }
            FolderTreeDeletion.delete(c, orgId, uid);
            return true;
        });
    }

    /** Creates a folder without description in the caller's transaction; returns its legacy id, uid, title, slug. */
    public static FolderRef create(Connection c, long orgId, String uid, String title, String parentUid, long userId,
                                   Instant now) throws SQLException {
        return create(c, orgId, uid, title, null, parentUid, userId, now);
    }

    static FolderRef create(Connection c, long orgId, String uid, String title, String description, String parentUid,
                            long userId, Instant now) throws SQLException {
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
                INSERT INTO folder (uid, org_id, title, description, parent_uid, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setString(1, uid);
            ps.setLong(2, orgId);
            ps.setString(3, title);
            ps.setString(4, description);
            ps.setString(5, parentUid == null ? "" : parentUid);
            SqlTime.set(ps, 6, now);
            SqlTime.set(ps, 7, now);
            ps.executeUpdate();
        }
        return new FolderRef(id, uid, title, slug);
    }

    private static void refuseTakenUid(Connection c, long orgId, String uid) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT is_folder FROM dashboard WHERE org_id = ? AND uid = ?")) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    throw rs.getBoolean(1) ? FolderErrors.versionMismatch() : FolderErrors.uidTakenByDashboard();
                }
            }
        }
    }

    private static void refuseSiblingWithSlug(Connection c, long orgId, String parentUid, String slug, String exceptUid)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT 1 FROM folder f JOIN dashboard d ON d.org_id = f.org_id AND d.uid = f.uid AND d.is_folder
                WHERE f.org_id = ? AND COALESCE(f.parent_uid, '') = ? AND d.slug = ? AND f.uid <> ?""")) {
            ps.setLong(1, orgId);
            ps.setString(2, parentUid);
            ps.setString(3, slug);
            ps.setString(4, exceptUid);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    throw FolderErrors.sameNameExists();
                }
            }
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    private <T> T inTransaction(Transactions.Work<T> work) throws SQLException {
        return Transactions.inTransaction(dataSource, work);
    }
}
