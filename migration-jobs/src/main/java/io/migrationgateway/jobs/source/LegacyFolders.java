package io.migrationgateway.jobs.source;

import io.migrationgateway.jobs.hash.Projection;
import io.migrationgateway.jobs.hash.Projection.Kind;
import io.migrationgateway.jobs.hash.Projection.Part;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.folder.FolderRow;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

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

    private final FolderTranslator translator;

    public LegacyFolders(FolderTranslator translator) {
        // a rename or a move changes the folder row, a new version the dashboard row: either is a change
        super(new TableQueries<>(FROM, TABLE, "d.is_folder AND d.deleted IS NULL", "d", "greatest(d.updated, f.updated)",
            PROJECTION, LegacyFolders::map));
        this.translator = translator;
    }

    @Override
    public Translator translator() {
        return translator;
    }

    @Override
    public RowConverter<FolderRow> converter() {
        return translator;
    }

    private static LegacyRow<FolderRow> map(ResultSet rs) throws SQLException {
        FolderRow row = new FolderRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getString(6), rs.getInt(7), utc(rs, 8), utc(rs, 9), rs.getLong(10), rs.getString(11), rs.getLong(12),
            rs.getString(13));
        return new LegacyRow<>(row.id(), row.orgId(), row.uid(), row.title().length() + row.description().length(), row);
    }
}
