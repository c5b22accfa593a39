package io.migrationgateway.jobs.verify;

import io.migrationgateway.storage.GroupResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Unified storage's side of a verification, computed by its database: each object's row hash, for a list of keys, and
 * every key in scope. Reads the {@code resource} table directly: hashing in the database is what makes a verification
 * cost about a scan of each side, and only 32 characters a row come back.
 */
final class UnifiedSide {
    private final DataSource dataSource;
    private final GroupResource groupResource;
    private final String projection;

    UnifiedSide(DataSource dataSource, GroupResource groupResource, String projection) {
        this.dataSource = dataSource;
        this.groupResource = groupResource;
        this.projection = projection;
    }

    /** A key of unified storage. */
    record Key(String namespace, String name) {
    }

    /** The row hash of each key's object; an absent object has no entry. */
    Map<Key, String> rowHashes(List<Key> keys) throws SQLException {
        return lookup("SELECT k.namespace, k.name, x.h FROM unnest(?::text[], ?::text[]) AS k(namespace, name) "
            + "CROSS JOIN LATERAL (" + hashOf("k") + ") x", keys, rs -> {
                Map<Key, String> out = new HashMap<>();
                while (rs.next()) {
                    out.put(new Key(rs.getString(1), rs.getString(2)), rs.getString(3));
                }
                return out;
            });
    }

    /** Reads a result set. */
    @FunctionalInterface
    private interface Reader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /**
     * The row hash of the object of key {@code k}: one index lookup per key whatever the statistics say (right after a
     * copy they are stale, and the planner would scan the whole table for every chunk), and one parse of its JSON
     * however often the projection names it (flattened, the inner subquery parsed the value once per mention). OFFSET
     * 0 keeps each subquery from being flattened.
     */
    private String hashOf(String k) {
        return "SELECT md5(" + projection + ") AS h FROM resource r "
            + "CROSS JOIN LATERAL (SELECT r.value::jsonb AS v OFFSET 0) j "
            + "WHERE r.\"group\" = ? AND r.resource = ? AND r.namespace = " + k + ".namespace COLLATE \"C\" "
            + "AND r.name = " + k + ".name COLLATE \"C\" OFFSET 0";
    }

    private <T> T lookup(String sql, List<Key> keys, Reader<T> reader) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bindKeys(c, ps, keys);
            try (ResultSet rs = ps.executeQuery()) {
                return reader.read(rs);
            }
        }
    }

    /** Every key of the group-resource, in one namespace or all. */
    void forEachKey(Optional<String> namespace, Consumer<Key> action) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            // a cursor (fetch size) needs a transaction
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT namespace, name FROM resource WHERE \"group\" = ? "
                + "AND resource = ?" + (namespace.isPresent() ? " AND namespace = ?" : ""))) {
                ps.setFetchSize(10_000);
                ps.setString(1, groupResource.group());
                ps.setString(2, groupResource.resource());
                if (namespace.isPresent()) {
                    ps.setString(3, namespace.get());
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        action.accept(new Key(rs.getString(1), rs.getString(2)));
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
    }

    private void bindKeys(Connection c, PreparedStatement ps, List<Key> keys) throws SQLException {
        ps.setArray(1, c.createArrayOf("text", keys.stream().map(Key::namespace).toArray()));
        ps.setArray(2, c.createArrayOf("text", keys.stream().map(Key::name).toArray()));
        ps.setString(3, groupResource.group());
        ps.setString(4, groupResource.resource());
    }
}
