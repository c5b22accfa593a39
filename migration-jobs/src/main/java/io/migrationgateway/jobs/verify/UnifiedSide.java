package io.migrationgateway.jobs.verify;

import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.hash.Projection.Hashes;
import io.migrationgateway.model.GroupResource;
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
 * Unified storage's side of a verification: each object's row hash and the hashes of its kept metadata, for a list of
 * keys, and every key in scope. Reads the {@code resource} table directly, the stored text of each object as it is,
 * and hashes it while parsing it ({@link Projection#unifiedHashes}): the database only reads, as in a scan, and no tree
 * is built of any object.
 */
final class UnifiedSide {
    /** Rows a hash query fetches at a time: about 1 MB of dashboards. */
    private static final int STREAMED_ROWS = 64;

    private final DataSource dataSource;
    private final GroupResource groupResource;
    private final Projection projection;

    UnifiedSide(DataSource dataSource, GroupResource groupResource, Projection projection) {
        this.dataSource = dataSource;
        this.groupResource = groupResource;
        this.projection = projection;
    }

    /** A key of unified storage. */
    record Key(String namespace, String name) {
    }

    /**
     * The hashes of each key's object; an absent object has no entry, a stored value that is not a JSON object a null
     * one. One index lookup per key whatever the statistics say (right after a copy they are stale, and the planner
     * would scan the whole table for every chunk): OFFSET 0 keeps the subquery from being flattened. The values stream
     * through a cursor, hashed as they arrive (a chunk of 15 KB values is never held whole).
     */
    Map<Key, Hashes> hashes(List<Key> keys) throws SQLException {
        Map<Key, Hashes> out = new HashMap<>();
        CanonicalJson hasher = new CanonicalJson();
        try (Connection c = dataSource.getConnection()) {
            // a cursor needs a transaction
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT k.namespace, k.name, x.value "
                + "FROM unnest(?::text[], ?::text[]) AS k(namespace, name) CROSS JOIN LATERAL (SELECT r.value "
                + "FROM resource r WHERE r.\"group\" = ? AND r.resource = ? AND r.namespace = k.namespace COLLATE \"C\" "
                + "AND r.name = k.name COLLATE \"C\" OFFSET 0) x")) {
                ps.setFetchSize(STREAMED_ROWS);
                bindKeys(c, ps, keys);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        // the driver's bytes of a text column are its UTF-8: no string is made of the value
                        out.put(new Key(rs.getString(1), rs.getString(2)), projection.unifiedHashes(rs.getBytes(3), hasher));
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        return out;
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
