package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
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
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Grafana's {@code dashboard} table (rows that are not folders), with the authors' logins from {@code user} and the
 * message of the latest {@code dashboard_version} and the version it was restored from. A soft-deleted row is copied as Grafana copies it (in the trash,
 * generation -999).
 */
public final class LegacyDashboards extends QueriedTable<DashboardRow> {
    private static final String FROM = "d.id, d.org_id, coalesce(d.uid, ''), d.version, d.data, d.created, d.updated, "
        + "coalesce(d.created_by, 0), coalesce(cu.login, ''), coalesce(d.updated_by, 0), coalesce(uu.login, ''), "
        + "coalesce(d.folder_uid, ''), d.deleted, coalesce(d.api_version, ''), coalesce(d.plugin_id, ''), "
        + "coalesce(lv.message, ''), coalesce(lv.restored_from, 0) "
        + "FROM dashboard d LEFT JOIN \"user\" cu ON cu.id = d.created_by LEFT JOIN \"user\" uu ON uu.id = d.updated_by "
        + "LEFT JOIN LATERAL (SELECT v.message, v.restored_from FROM dashboard_version v WHERE v.dashboard_id = d.id "
        + "ORDER BY v.version DESC LIMIT 1) lv ON true";
    /** The generation, the folder, the legacy id, and the spec: the model without what the object has elsewhere. */
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("CASE WHEN d.deleted IS NULL THEN d.version ELSE " + GrafanaMeta.DELETED_GENERATION + " END", Kind.NUMBER,
            "null", "metadata", "generation"),
        Part.of("coalesce(d.folder_uid, '')", Kind.TEXT, "\"\"", "metadata", "annotations", GrafanaMeta.FOLDER),
        Part.of("d.id", Kind.LABEL, "null", "metadata", "labels", GrafanaMeta.DEPRECATED_INTERNAL_ID),
        new Part("d.data", Kind.DOCUMENT, List.of("spec"), "null", Set.of("id", "uid", "version"))));

    private final DashboardTranslator translator;

    public LegacyDashboards(DashboardTranslator translator, TranslatorSettings settings) {
        super(new TableQueries<>(FROM, "dashboard d", "NOT d.is_folder", "d", "d.updated", PROJECTION,
            LegacyDashboards::map), translator, settings);
        this.translator = translator;
    }

    /**
     * The {@code dashboard_version} rows below each dashboard's current version, the newest {@code keep - 1}, each the
     * dashboard as that version saved it: its model, the version's author, time and message, and a restore's source
     * version; the folder and the rest are the dashboard's now (a version row keeps no folder). One query per call; the
     * models stay JSON text, as the copy's objects do.
     */
    @Override
    public EarlierVersions earlierVersions(Connection c, List<LegacyRow<DashboardRow>> rows, int keep) throws SQLException {
        Map<Long, DashboardRow> current = new HashMap<>();
        rows.forEach(row -> current.put(row.id(), row.row()));
        if (current.isEmpty() || keep < 2) {
            return EarlierVersions.NONE;
        }
        List<ObjectNode> versions = new ArrayList<>();
        long bytes = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT v.dashboard_id, v.version, v.data, coalesce(v.message, ''), "
            + "v.created, coalesce(v.created_by, 0), coalesce(u.login, ''), coalesce(v.restored_from, 0) "
            + "FROM unnest(?::bigint[], ?::int[]) AS d(id, version) JOIN dashboard_version v ON v.dashboard_id = d.id "
            + "LEFT JOIN \"user\" u ON u.id = v.created_by WHERE v.version < d.version AND v.version > d.version - ? "
            + "ORDER BY v.dashboard_id, v.version")) {
            ps.setArray(1, c.createArrayOf("bigint", current.keySet().toArray()));
            ps.setArray(2, c.createArrayOf("integer", current.keySet().stream().map(id -> current.get(id).version()).toArray()));
            ps.setInt(3, keep);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    DashboardRow now = current.get(rs.getLong(1));
                    byte[] data = rs.getBytes(3);
                    bytes += data.length;
                    DashboardRow then = new DashboardRow(now.id(), now.orgId(), now.uid(), rs.getInt(2), data,
                        now.created(), utc(rs, 5), now.createdBy(), now.createdByLogin(), rs.getLong(6), rs.getString(7),
                        now.folderUid(), Optional.empty(), now.apiVersion(), now.pluginId(), rs.getString(4), now.provisioning(),
                        rs.getInt(8));
                    if (translator.toImport(then) instanceof RowConverter.Converted converted) {
                        versions.add(converted.object());
                    }
                }
            }
        }
        return new EarlierVersions(versions, bytes);
    }

    /** The row's {@code version} is what the legacy API answers as {@code version}. */
    /** What moves on every change: the dashboard's version; a dashboard Grafana has soft-deleted
     * ({@code deleted} set) is gone for the API, so it is left out like a deleted row. */
    @Override
    public Optional<String> changeQuery() {
        return Optional.of("SELECT org_id, uid, version FROM dashboard WHERE NOT is_folder AND uid IS NOT NULL AND deleted IS NULL");
    }

    @Override
    public boolean versioned() {
        return true;
    }

    private static LegacyRow<DashboardRow> map(ResultSet rs) throws SQLException {
        DashboardRow row = new DashboardRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getInt(4), rs.getBytes(5),
            utc(rs, 6), utc(rs, 7), rs.getLong(8), rs.getString(9), rs.getLong(10), rs.getString(11), rs.getString(12),
            rs.getTimestamp(13) == null ? Optional.empty() : Optional.of(utc(rs, 13)), rs.getString(14),
            rs.getString(15), rs.getString(16), Optional.empty(), rs.getInt(17));
        return new LegacyRow<>(row.id(), row.orgId(), row.uid(), row.data().length, row);
    }

    /**
     * Dashboards back into {@code dashboard}: the legacy model is the spec with {@code id} (the label, else a new row
     * id), {@code uid} (the name) and {@code version} (the generation) put back, as Grafana's legacy API serves it.
     * A row whose version is higher than the object's generation is left alone.
     */
    @Override
    public List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException {
        List<WriteBack> outcomes = new ArrayList<>();
        try (PreparedStatement upsert = c.prepareStatement("INSERT INTO dashboard (id, version, slug, title, data, org_id, "
            + "created, updated, folder_uid, is_folder, uid, api_version, created_by, updated_by) "
            + "VALUES (coalesce(?, nextval(pg_get_serial_sequence('dashboard', 'id'))), ?, ?, ?, ?, ?, ?, ?, ?, false, ?, ?, "
            + "coalesce((SELECT id FROM \"user\" WHERE login = ?), ?), coalesce((SELECT id FROM \"user\" WHERE login = ?), ?)) "
            + "ON CONFLICT (org_id, uid) DO UPDATE SET version = excluded.version, slug = excluded.slug, "
            + "title = excluded.title, data = excluded.data, updated = excluded.updated, folder_uid = excluded.folder_uid, "
            + "api_version = excluded.api_version, updated_by = excluded.updated_by WHERE dashboard.version <= excluded.version "
            + "RETURNING id")) {
            for (ObjectNode object : objects) {
                JsonNode meta = object.path("metadata");
                OptionalLong org = writing.org(meta);
                if (org.isEmpty() || !(object.get("spec") instanceof ObjectNode spec)) {
                    outcomes.add(new WriteBack.Refused(org.isEmpty() ? RowWriting.notAnOrg(meta) : "the spec is not an object"));
                    continue;
                }
                Long id = RowWriting.legacyId(meta);
                String uid = meta.path("name").asText();
                int version = meta.path("generation").asInt(1);
                ObjectNode model = spec.deepCopy();
                if (id != null) {
                    model.put("id", id);
                }
                model.put("uid", uid).put("version", version);
                String title = spec.path("title").asText("");
                Instant created = RowWriting.created(meta);
                Instant updated = RowWriting.updated(meta);
                if (id == null) {
                    upsert.setNull(1, java.sql.Types.BIGINT);
                } else {
                    upsert.setLong(1, id);
                }
                upsert.setInt(2, version);
                upsert.setString(3, RowWriting.slug(title));
                upsert.setString(4, title);
                upsert.setString(5, new String(Json.bytes(SortedKeys.sortedObject(model)), StandardCharsets.UTF_8));
                upsert.setLong(6, org.getAsLong());
                upsert.setObject(7, LocalDateTime.ofInstant(created, ZoneOffset.UTC));
                upsert.setObject(8, LocalDateTime.ofInstant(updated, ZoneOffset.UTC));
                upsert.setString(9, meta.path("annotations").path(GrafanaMeta.FOLDER).asText(""));
                upsert.setString(10, uid);
                String apiVersion = object.path("apiVersion").asText("");
                upsert.setString(11, apiVersion.contains("/") ? apiVersion.substring(apiVersion.indexOf('/') + 1) : null);
                writing.bindAuthor(upsert, 12, meta, GrafanaMeta.CREATED_BY);
                writing.bindAuthor(upsert, 14, meta, GrafanaMeta.UPDATED_BY);
                try (ResultSet rs = upsert.executeQuery()) {
                    outcomes.add(rs.next() ? new WriteBack.Written(rs.getLong(1), Integer.toString(version))
                        : new WriteBack.RowNewer());
                }
            }
        }
        return outcomes;
    }
}
