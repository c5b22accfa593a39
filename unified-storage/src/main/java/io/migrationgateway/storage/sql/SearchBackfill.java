package io.migrationgateway.storage.sql;

import io.migrationgateway.storage.GroupResource;
import io.migrationgateway.storage.SearchableFields;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills in the search columns of rows that lack them: every row of a kind whose declaration changed (or was never
 * recorded), else the rows written without them (by a version that did not know them, during a rolling upgrade). Runs
 * at start, in chunks in key order, logging its progress; each row is updated only if no write replaced it meanwhile
 * (a write gives the row a new guid), so a concurrent write is never overwritten with older columns.
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
        boolean redeclared = transactions.single("read the search declaration of " + kind, c -> recordedTag(c, kind) != tag);
        // a changed declaration makes every row stale; otherwise only rows written without the columns are
        String stale = redeclared ? "search_fields <> " + tag : "search_fields = 0";
        long total = transactions.single("count the rows to index of " + kind, c -> count(c, kind, stale));
        if (total > 0) {
            LOG.info("search index: filling in {} rows of {}", total, kind);
            long started = System.nanoTime();
            long lastLog = started;
            long done = 0;
            Key after = new Key("", "");
            while (after != null) {
                Key from = after;
                Chunk chunk = transactions.readCommitted("index rows of " + kind, c -> indexChunk(c, kind, stale, from));
                done += chunk.indexed();
                after = chunk.last();
                long now = System.nanoTime();
                if (now - lastLog >= LOG_EVERY_NANOS) {
                    lastLog = now;
                    double perSecond = done / ((now - started) / 1e9);
                    LOG.info("search index: {} of {} rows of {} ({} %), {} rows/s, about {} s left", done, total, kind,
                        done * 100 / total, Math.round(perSecond), Math.round(Math.max(0, total - done) / perSecond));
                }
            }
            LOG.info("search index: {} rows of {} filled in, in {} s", done, kind,
                Math.round((System.nanoTime() - started) / 1e8) / 10.0);
        }
        if (redeclared) {
            transactions.readCommitted("record the search declaration of " + kind, c -> record(c, kind, tag));
        }
    }

    private record Key(String namespace, String name) {
    }

    /** How many rows a chunk indexed, and the last key it read ({@code null}: none left). */
    private record Chunk(int indexed, Key last) {
    }

    private Chunk indexChunk(Connection c, GroupResource kind, String stale, Key after) throws SQLException {
        record Stale(UUID guid, Key key, byte[] value) {
        }
        List<Stale> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT guid, namespace, name, value FROM resource "
            + "WHERE \"group\" = ? AND resource = ? AND " + stale + " AND (namespace, name) > (?, ?) "
            + "ORDER BY namespace, name LIMIT " + CHUNK)) {
            ps.setString(1, kind.group());
            ps.setString(2, kind.resource());
            ps.setString(3, after.namespace());
            ps.setString(4, after.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(new Stale(rs.getObject(1, UUID.class), new Key(rs.getString(2), rs.getString(3)),
                        rs.getBytes(4)));
                }
            }
        }
        if (found.isEmpty()) {
            return new Chunk(0, null);
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE resource SET folder = ?, title = ?, title_folded = ?, "
            + "tags = ?, legacy_id = ?, terminating = ?, search_fields = ? WHERE guid = ?")) {
            for (Stale row : found) {
                ObjectRows.bindSearch(ps, 1, rows.searchColumns(kind, rows.parse(row.value())));
                ps.setObject(8, row.guid());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return new Chunk(found.size(), found.size() < CHUNK ? null : found.getLast().key());
    }

    private static long count(Connection c, GroupResource kind, String stale) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM resource WHERE \"group\" = ? AND resource = ? "
            + "AND " + stale)) {
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
