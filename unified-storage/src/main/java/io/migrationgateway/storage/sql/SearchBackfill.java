package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.model.SearchableFields;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the search rows of objects that lack one, or whose row another declaration of the kind's searchable fields
 * made (objects written before the index existed, or by a version that did not know it, during a rolling upgrade).
 * Runs at start, and costs two counts when every object has its row; otherwise it goes through the kind's objects in
 * key order, a chunk per transaction, logging its progress. The chunk's objects are locked while their rows are made,
 * so a concurrent write of one of them waits and then writes its own row over the one made here, never the reverse.
 */
final class SearchBackfill {
    private static final Logger LOG = LoggerFactory.getLogger(SearchBackfill.class);
    private static final int CHUNK = 500;
    private static final long LOG_EVERY_NANOS = 5_000_000_000L;

    private final Transactions transactions;
    private final ObjectRows rows;

    SearchBackfill(Transactions transactions, ObjectRows rows) {
        this.transactions = transactions;
        this.rows = rows;
    }

    void fillIn(Map<GroupResource, SearchableFields> declared) {
        declared.forEach(this::fillIn);
    }

    private void fillIn(GroupResource kind, SearchableFields fields) {
        int tag = SearchColumns.tag(fields);
        boolean complete = transactions.snapshot("read the search index state of " + kind, c ->
            recordedTag(c, kind) == tag && count(c, "SELECT count(*) FROM resource WHERE \"group\" = ? AND resource = ?", kind)
                == count(c, "SELECT count(*) FROM resource_search WHERE \"group\" = ? AND resource = ? AND search_fields = "
                    + tag, kind));
        if (complete) {
            return;
        }
        long total = transactions.single("count the objects to index of " + kind,
            c -> count(c, "SELECT count(*) FROM resource r WHERE r.\"group\" = ? AND r.resource = ? AND " + stale(tag), kind));
        if (total > 0) {
            LOG.info("search index: indexing {} objects of {}", total, kind);
        }
        long started = System.nanoTime();
        long lastLog = started;
        long done = 0;
        Key after = new Key("", "");
        while (after != null) {
            Key from = after;
            Chunk chunk = transactions.readCommitted("index objects of " + kind, c -> indexChunk(c, kind, tag, from));
            done += chunk.indexed();
            after = chunk.last();
            long now = System.nanoTime();
            if (now - lastLog >= LOG_EVERY_NANOS && total > 0) {
                lastLog = now;
                double perSecond = done / ((now - started) / 1e9);
                LOG.info("search index: {} of {} objects of {} ({} %), {} objects/s, about {} s left", done, total, kind,
                    done * 100 / total, Math.round(perSecond), Math.round(Math.max(0, total - done) / perSecond));
            }
        }
        if (done > 0) {
            LOG.info("search index: {} objects of {} indexed in {} s", done, kind,
                Math.round((System.nanoTime() - started) / 1e8) / 10.0);
        }
        transactions.readCommitted("record the search declaration of " + kind, c -> record(c, kind, tag));
    }

    /** The condition on a current row {@code r} whose search row is missing or was made by another declaration. */
    private static String stale(int tag) {
        return "NOT EXISTS (SELECT 1 FROM resource_search s WHERE s.\"group\" = r.\"group\" AND s.resource = r.resource "
            + "AND s.namespace = r.namespace AND s.name = r.name AND s.search_fields = " + tag + ")";
    }

    private record Key(String namespace, String name) {
    }

    /** How many objects a chunk indexed, and the last key it read ({@code null}: none left). */
    private record Chunk(int indexed, Key last) {
    }

    private Chunk indexChunk(Connection c, GroupResource kind, int tag, Key after) throws SQLException {
        List<SearchRows.Row> rowsToWrite = new ArrayList<>();
        Key last = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT r.namespace, r.name, r.value FROM resource r "
            + "WHERE r.\"group\" = ? AND r.resource = ? AND (r.namespace, r.name) > (?, ?) AND " + stale(tag)
            + " ORDER BY r.namespace, r.name LIMIT " + CHUNK + " FOR SHARE OF r")) {
            ps.setString(1, kind.group());
            ps.setString(2, kind.resource());
            ps.setString(3, after.namespace());
            ps.setString(4, after.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    last = new Key(rs.getString(1), rs.getString(2));
                    ObjectKey key = new ObjectKey(kind, last.namespace(), last.name());
                    rowsToWrite.add(new SearchRows.Row(key, rows.searchColumns(kind, rows.parse(rs.getBytes(3)))));
                }
            }
        }
        SearchRows.write(c, rowsToWrite);
        return new Chunk(rowsToWrite.size(), rowsToWrite.size() < CHUNK ? null : last);
    }

    private static long count(Connection c, String sql, GroupResource kind) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, kind.group());
            ps.setString(2, kind.resource());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static int recordedTag(Connection c, GroupResource kind) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT search_fields FROM resource_search_declaration "
            + "WHERE \"group\" = ? AND resource = ?")) {
            ps.setString(1, kind.group());
            ps.setString(2, kind.resource());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    private static Void record(Connection c, GroupResource kind, int tag) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_search_declaration (\"group\", resource, "
            + "search_fields) VALUES (?, ?, ?) ON CONFLICT (\"group\", resource) DO UPDATE SET search_fields = EXCLUDED.search_fields")) {
            ps.setString(1, kind.group());
            ps.setString(2, kind.resource());
            ps.setInt(3, tag);
            ps.executeUpdate();
        }
        return null;
    }
}
