package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.QueriedTable;
import io.migrationgateway.translators.table.RowWriting;
import io.migrationgateway.translators.table.TableQueries;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Grafana's folders: a {@code folder} row (title, description, parent) with the {@code dashboard} row
 * ({@code is_folder}) of the same org and uid, which carries the legacy id (the key of chunks), the version and the
 * authors, whose logins come from {@code user}. A folder in the trash is not one (Grafana's folder API does not list
 * it), nor is a {@code dashboard} folder row without its {@code folder} row.
 */
public final class LegacyFolders extends QueriedTable<FolderRow> {
    private static final String TABLE = "dashboard d JOIN folder f ON f.org_id = d.org_id AND f.uid = d.uid";
    private static final String FROM = "d.id, d.org_id, f.uid, f.title, coalesce(f.description, ''), "
        + "coalesce(f.parent_uid, ''), d.version, f.created, f.updated, coalesce(d.created_by, 0), coalesce(cu.login, ''), "
        + "coalesce(d.updated_by, 0), coalesce(uu.login, '') FROM " + TABLE
        + " LEFT JOIN \"user\" cu ON cu.id = d.created_by LEFT JOIN \"user\" uu ON uu.id = d.updated_by";
    /** The generation, the parent, the legacy id, the title and the description. */
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("d.version", Kind.NUMBER, "null", "metadata", "generation"),
        Part.of("coalesce(f.parent_uid, '')", Kind.TEXT, "\"\"", "metadata", "annotations", GrafanaMeta.FOLDER),
        Part.of("d.id", Kind.LABEL, "null", "metadata", "labels", GrafanaMeta.DEPRECATED_INTERNAL_ID),
        Part.of("f.title", Kind.TEXT, "null", "spec", "title"),
        Part.of("coalesce(f.description, '')", Kind.TEXT, "\"\"", "spec", "description")));

    private static final String UPSERT_FOLDER_ROW = "INSERT INTO dashboard (id, version, slug, title, data, org_id, created, "
        + "updated, folder_uid, is_folder, uid, folder_id, created_by, updated_by) VALUES (coalesce(?, "
        + "nextval(pg_get_serial_sequence('dashboard', 'id'))), ?, ?, ?, ?, ?, ?, ?, ?, true, ?, 0, "
        + "coalesce((SELECT id FROM \"user\" WHERE login = ?), ?), coalesce((SELECT id FROM \"user\" WHERE login = ?), ?)) "
        + "ON CONFLICT (org_id, uid) DO UPDATE SET version = excluded.version, slug = excluded.slug, title = excluded.title, "
        + "data = excluded.data, updated = excluded.updated, folder_uid = excluded.folder_uid, "
        + "updated_by = excluded.updated_by, deleted = NULL "
        + "WHERE dashboard.is_folder AND dashboard.version <= excluded.version RETURNING id";
    private static final String UPSERT_FOLDER = "INSERT INTO folder (uid, org_id, title, description, parent_uid, created, "
        + "updated) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid, org_id) DO UPDATE SET title = excluded.title, "
        + "description = excluded.description, parent_uid = excluded.parent_uid, updated = excluded.updated";

    public LegacyFolders(FolderTranslator translator, TranslatorSettings settings) {
        // a rename or a move changes the folder row, a new version the dashboard row: either is a change
        super(new TableQueries<>(FROM, TABLE, "d.is_folder AND d.deleted IS NULL", "d", "greatest(d.updated, f.updated)",
            PROJECTION, LegacyFolders::map), translator, settings);
    }

    /**
     * Folders back into their two rows, as Grafana's folder service writes them: the {@code dashboard} folder row (legacy
     * id, version = the generation, a {@code {title, uid, version}} model, parent, authors; a row in the trash comes
     * back out of it) and the {@code folder} row (title, description, parent). A folder row whose version is higher
     * than the generation is left alone; a uid that a dashboard (not a folder) has is refused.
     */
    @Override
    public List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException {
        List<WriteBack> outcomes = new ArrayList<>();
        try (PreparedStatement row = c.prepareStatement(UPSERT_FOLDER_ROW);
             PreparedStatement folder = c.prepareStatement(UPSERT_FOLDER)) {
            for (ObjectNode object : objects) {
                outcomes.add(writeBack(c, row, folder, object));
            }
        }
        return outcomes;
    }

    private WriteBack writeBack(Connection c, PreparedStatement row, PreparedStatement folder, ObjectNode object)
        throws SQLException {
        JsonNode meta = object.path("metadata");
        OptionalLong org = writing.org(meta);
        if (org.isEmpty()) {
            return new WriteBack.Refused(RowWriting.notAnOrg(meta));
        }
        if (!(object.get("spec") instanceof ObjectNode spec) || spec.path("title").asText("").isEmpty()) {
            return new WriteBack.Refused("a folder needs spec.title");
        }
        String uid = meta.path("name").asText();
        String title = spec.path("title").asText();
        String description = spec.hasNonNull("description") ? spec.path("description").asText() : null;
        String parent = meta.path("annotations").path(GrafanaMeta.FOLDER).asText("");
        int version = meta.path("generation").asInt(1);
        LocalDateTime created = LocalDateTime.ofInstant(RowWriting.created(meta), ZoneOffset.UTC);
        LocalDateTime updated = LocalDateTime.ofInstant(RowWriting.updated(meta), ZoneOffset.UTC);
        Long id = RowWriting.legacyId(meta);
        ObjectNode model = Json.object().put("title", title).put("uid", uid).put("version", version);
        if (id == null) {
            row.setNull(1, Types.BIGINT);
        } else {
            row.setLong(1, id);
        }
        row.setInt(2, version);
        row.setString(3, RowWriting.slug(title));
        row.setString(4, title);
        row.setString(5, new String(Json.bytes(model), StandardCharsets.UTF_8));
        row.setLong(6, org.getAsLong());
        row.setObject(7, created);
        row.setObject(8, updated);
        row.setString(9, parent.isEmpty() ? null : parent);
        row.setString(10, uid);
        writing.bindAuthor(row, 11, meta, GrafanaMeta.CREATED_BY);
        writing.bindAuthor(row, 13, meta, GrafanaMeta.UPDATED_BY);
        long written;
        try (ResultSet rs = row.executeQuery()) {
            if (!rs.next()) {
                return isFolder(c, org.getAsLong(), uid) ? new WriteBack.RowNewer()
                    : new WriteBack.Refused("uid " + uid + " is a dashboard's in org " + org.getAsLong());
            }
            written = rs.getLong(1);
        }
        folder.setString(1, uid);
        folder.setLong(2, org.getAsLong());
        folder.setString(3, title);
        folder.setString(4, description);
        folder.setString(5, parent);
        folder.setObject(6, created);
        folder.setObject(7, updated);
        folder.executeUpdate();
        return new WriteBack.Written(written, Integer.toString(version));
    }

    private static boolean isFolder(Connection c, long org, String uid) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT is_folder FROM dashboard WHERE org_id = ? AND uid = ?")) {
            ps.setLong(1, org);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /**
     * What moves on every change: the version of the folder's dashboard row, not its update time, which Grafana keeps
     * to the second (two saves in one second would look like one).
     */
    @Override
    public Optional<String> changeQuery() {
        return Optional.of("SELECT d.org_id, d.uid, d.version FROM " + TABLE);
    }

    /** The row's {@code version} is what the legacy API answers as {@code version}. */
    @Override
    public boolean versioned() {
        return true;
    }

    private static LegacyRow<FolderRow> map(ResultSet rs) throws SQLException {
        FolderRow row = new FolderRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getString(6), rs.getInt(7), utc(rs, 8), utc(rs, 9), rs.getLong(10), rs.getString(11), rs.getLong(12),
            rs.getString(13));
        return new LegacyRow<>(row.id(), row.orgId(), row.uid(), row.title().length() + row.description().length(), row);
    }
}
