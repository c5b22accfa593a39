package io.migrationgateway.jobs.source;

import io.migrationgateway.jobs.hash.Projection;
import io.migrationgateway.jobs.hash.Projection.Kind;
import io.migrationgateway.jobs.hash.Projection.Part;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.playlist.PlaylistRow;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

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

    private final PlaylistTranslator translator;

    public LegacyPlaylists(PlaylistTranslator translator) {
        super(new TableQueries<>(FROM, "playlist p", "true", "p", "to_timestamp(p.updated_at / 1000.0) AT TIME ZONE 'UTC'",
            PROJECTION, LegacyPlaylists::map));
        this.translator = translator;
    }

    @Override
    public Translator translator() {
        return translator;
    }

    @Override
    public RowConverter<PlaylistRow> converter() {
        return translator;
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
