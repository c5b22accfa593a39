package io.migrationgateway.storage.sql;

import io.migrationgateway.storage.ObjectKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The rows of {@code resource_search}, one per current object: written and deleted by the write that writes or deletes
 * the object, in its transaction, so a search never sees the index and the objects disagree.
 */
final class SearchRows {
    private static final String UPSERT = "INSERT INTO resource_search (\"group\", resource, namespace, name, title, "
        + "title_folded, tags, folder, legacy_id, terminating, search_fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT (\"group\", resource, namespace, name) DO UPDATE SET title = EXCLUDED.title, "
        + "title_folded = EXCLUDED.title_folded, tags = EXCLUDED.tags, folder = EXCLUDED.folder, "
        + "legacy_id = EXCLUDED.legacy_id, terminating = EXCLUDED.terminating, search_fields = EXCLUDED.search_fields";

    /** One object's search row. */
    record Row(ObjectKey key, SearchColumns columns) {
    }

    private SearchRows() {
    }

    /** Inserts or replaces the rows, in one batch. */
    static void write(Connection c, List<Row> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            for (Row row : rows) {
                ObjectKey key = row.key();
                SearchColumns columns = row.columns();
                ps.setString(1, key.groupResource().group());
                ps.setString(2, key.groupResource().resource());
                ps.setString(3, key.namespace());
                ps.setString(4, key.name());
                ps.setString(5, columns.title());
                ps.setString(6, columns.titleFolded());
                ps.setArray(7, c.createArrayOf("text", columns.tags()));
                ps.setString(8, columns.folder());
                ps.setLong(9, columns.legacyId());
                ps.setBoolean(10, columns.terminating());
                ps.setInt(11, columns.fieldsTag());
                if (rows.size() == 1) {
                    ps.executeUpdate();
                    return;
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    static void delete(Connection c, ObjectKey key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM resource_search "
            + "WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?")) {
            ps.setString(1, key.groupResource().group());
            ps.setString(2, key.groupResource().resource());
            ps.setString(3, key.namespace());
            ps.setString(4, key.name());
            ps.executeUpdate();
        }
    }
}
