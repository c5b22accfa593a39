package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.RowConverter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Pages of a resource's objects read straight from the legacy tables (modes 0–2, with {@code legacy.database-url}):
 * one query per page, by legacy id, each row converted as the migration copies it, instead of a legacy API call per
 * object. Only for tables whose rows carry the version the legacy API reports ({@link LegacyTable#versioned()}), which
 * becomes the object's resource version, so that an object listed here is the object read through the API. What the
 * caller may see is not decided here: {@link LegacyBackedStore} asks the legacy side.
 */
final class LegacyTablePages {
    private final DataSource database;
    private final LegacyTable<?> table;
    private final Namespaces namespaces;

    LegacyTablePages(DataSource database, LegacyTable<?> table, Namespaces namespaces) {
        if (!table.versioned()) {
            throw new IllegalArgumentException(table.translator().kind().qualifiedResource() + " rows carry no version");
        }
        this.database = database;
        this.table = table;
        this.namespaces = namespaces;
    }

    /**
     * One page.
     *
     * @param objects the rows' objects (a row that does not convert is left out)
     * @param lastId  the legacy id of the last row read, where the next page starts
     * @param more    whether rows may follow
     */
    record Page(List<ObjectNode> objects, long lastId, boolean more) {
    }

    /** Up to {@code limit} objects of {@code namespace}'s org whose legacy id is above {@code after}, by id. */
    Page read(String namespace, long after, int limit) {
        long org = namespaces.orgOf(namespace).orElseThrow();
        try (Connection c = database.getConnection()) {
            return page(table, c, org, after, limit);
        } catch (SQLException e) {
            throw new StorageUnavailableException("the legacy database could not be read (SQLState " + e.getSQLState() + ")", e);
        }
    }

    private static <R> Page page(LegacyTable<R> table, Connection c, long org, long after, int limit) throws SQLException {
        List<LegacyRow<R>> rows = table.read(c, new KeyRange(after, Long.MAX_VALUE), OptionalLong.of(org), limit);
        List<ObjectNode> objects = new ArrayList<>(rows.size());
        for (LegacyRow<R> row : rows) {
            if (table.converter().toResource(row.row()) instanceof RowConverter.Converted converted) {
                ObjectNode metadata = converted.object().withObjectProperty("metadata");
                metadata.put("resourceVersion", Long.toString(metadata.path("generation").asLong()));
                objects.add(converted.object());
            }
        }
        return new Page(objects, rows.isEmpty() ? after : rows.getLast().id(), rows.size() == limit);
    }
}
