package io.migrationgateway.translators.playlist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.QueriedTable;
import io.migrationgateway.translators.table.RowWriting;
import io.migrationgateway.translators.table.TableQueries;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Grafana's {@code playlist} table, each row with its {@code playlist_item} rows in their order. Its times are epoch
 * milliseconds; an item change touches the playlist's {@code updated_at}, which the catch-up reads.
 */
public final class LegacyPlaylists extends QueriedTable<PlaylistRow> {
    private static final String ITEMS = "FROM playlist_item i WHERE i.playlist_id = p.id ORDER BY i.\"order\", i.id";
    private static final String FROM = "p.id, p.org_id, p.uid, p.name, p.\"interval\", p.created_at, p.updated_at, "
        + "ARRAY(SELECT i.type " + ITEMS + "), ARRAY(SELECT i.value " + ITEMS + ") FROM playlist p";
    /** The name, the interval, the legacy id and the items in their order (as JSON text: no parse in the database). */
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("p.name", Kind.TEXT, "null", "spec", "title"),
        Part.of("p.\"interval\"", Kind.TEXT, "null", "spec", "interval"),
        Part.of("p.id", Kind.LABEL, "null", "metadata", "labels", GrafanaMeta.DEPRECATED_INTERNAL_ID),
        Part.of("coalesce((SELECT json_agg(json_build_object('type', i.type, 'value', i.value) ORDER BY i.\"order\", i.id) "
            + "FROM playlist_item i WHERE i.playlist_id = p.id)::text, '[]')", Kind.DOCUMENT, "[]", "spec", "items")));

    private static final String UPSERT = "INSERT INTO playlist (id, name, \"interval\", org_id, uid, created_at, updated_at) "
        + "VALUES (coalesce(?, nextval(pg_get_serial_sequence('playlist', 'id'))), ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT (org_id, uid) DO UPDATE SET name = excluded.name, \"interval\" = excluded.\"interval\", "
        + "updated_at = excluded.updated_at WHERE playlist.updated_at <= excluded.updated_at RETURNING id";

    public LegacyPlaylists(PlaylistTranslator translator, TranslatorSettings settings) {
        super(new TableQueries<>(FROM, "playlist p", "true", "p", "to_timestamp(p.updated_at / 1000.0) AT TIME ZONE 'UTC'",
            PROJECTION, LegacyPlaylists::map), translator, settings);
    }

    /**
     * Playlists back into {@code playlist} and its {@code playlist_item}s, as Grafana's playlist service writes them: name,
     * interval, times in epoch milliseconds, the items replaced in the spec's order (an item keeps the title its row had,
     * which the spec does not carry). Playlists have no version: a row updated later than the object is left alone.
     */
    @Override
    public List<WriteBack> writeBack(Connection c, List<ObjectNode> objects) throws SQLException {
        List<WriteBack> outcomes = new ArrayList<>();
        try (PreparedStatement upsert = c.prepareStatement(UPSERT)) {
            for (ObjectNode object : objects) {
                outcomes.add(writeBack(c, upsert, object));
            }
        }
        return outcomes;
    }

    private WriteBack writeBack(Connection c, PreparedStatement upsert, ObjectNode object) throws SQLException {
        JsonNode meta = object.path("metadata");
        OptionalLong org = writing.org(meta);
        if (org.isEmpty()) {
            return new WriteBack.Refused(RowWriting.notAnOrg(meta));
        }
        JsonNode spec = object.path("spec");
        if (spec.path("title").asText("").isEmpty() || spec.path("interval").asText("").isEmpty()
            || !(spec.path("items").isArray() || spec.path("items").isMissingNode())) {
            return new WriteBack.Refused("a playlist needs spec.title, spec.interval and an items array");
        }
        Long id = RowWriting.legacyId(meta);
        if (id == null) {
            upsert.setNull(1, Types.BIGINT);
        } else {
            upsert.setLong(1, id);
        }
        upsert.setString(2, spec.path("title").asText());
        upsert.setString(3, spec.path("interval").asText());
        upsert.setLong(4, org.getAsLong());
        upsert.setString(5, meta.path("name").asText());
        upsert.setLong(6, RowWriting.created(meta).toEpochMilli());
        upsert.setLong(7, RowWriting.updated(meta).toEpochMilli());
        long written;
        try (ResultSet rs = upsert.executeQuery()) {
            if (!rs.next()) {
                return new WriteBack.RowNewer();
            }
            written = rs.getLong(1);
        }
        replaceItems(c, written, spec.path("items"));
        // the version the gateway reads a playlist with over the legacy API is a hash of that API's answer, no column
        return new WriteBack.Written(written, "");
    }

    private static void replaceItems(Connection c, long playlistId, JsonNode items) throws SQLException {
        Map<String, String> titles = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM playlist_item WHERE playlist_id = ? RETURNING type, "
            + "value, title")) {
            ps.setLong(1, playlistId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    titles.put(rs.getString(1) + "\n" + rs.getString(2), rs.getString(3));
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO playlist_item (playlist_id, type, value, title, "
            + "\"order\") VALUES (?, ?, ?, ?, ?)")) {
            int order = 1;
            for (JsonNode item : items) {
                String type = item.path("type").asText();
                String value = item.path("value").asText();
                ps.setLong(1, playlistId);
                ps.setString(2, type);
                ps.setString(3, value);
                ps.setString(4, titles.getOrDefault(type + "\n" + value, ""));
                ps.setInt(5, order++);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** 9.3's playlist has no version: the legacy API path identifies a playlist's state by a hash of its content. */
    /** What moves on every change: the playlist's update time (epoch milliseconds). */
    @Override
    public Optional<String> changeQuery() {
        return Optional.of("SELECT org_id, uid, updated_at FROM playlist");
    }

    @Override
    public boolean versioned() {
        return false;
    }

    private static LegacyRow<PlaylistRow> map(ResultSet rs) throws SQLException {
        String[] types = (String[]) rs.getArray(8).getArray();
        String[] values = (String[]) rs.getArray(9).getArray();
        List<PlaylistRow.Item> items = new ArrayList<>(types.length);
        for (int i = 0; i < types.length; i++) {
            items.add(new PlaylistRow.Item(types[i], values[i]));
        }
        PlaylistRow row = new PlaylistRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getLong(6), rs.getLong(7), items);
        long bytes = row.name().length() + row.items().stream().mapToLong(i -> i.value().length()).sum();
        return new LegacyRow<>(row.id(), row.orgId(), row.uid(), bytes, row);
    }
}
