package io.migrationgateway.translators.table;

import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.table.LegacyTable.OrgUid;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The queries every legacy table answers the same way, from its SQL fragments: chunks by id, changed rows, slice
 * bounds, keys and fingerprints. A {@link LegacyTable} holds one and adds what is its own.
 *
 * @param from       the FROM clause of a row read, columns and joins included ({@code <columns> FROM dashboard d ...})
 * @param table      the main table with its alias, for the queries that need no joins ({@code dashboard d})
 * @param scope      the condition of the rows that are this resource ({@code NOT d.is_folder})
 * @param alias      the main table's alias, whose {@code id}, {@code org_id} and {@code uid} the queries use
 * @param updated    the expression of the row's update time as a {@code timestamp}
 * @param projection the canonical projection of a row
 * @param mapper     reads one row of {@code from}
 */
public record TableQueries<R>(String from, String table, String scope, String alias, String updated, Projection projection,
                       RowMapper<R> mapper) {
    /** Rows a fingerprint query fetches at a time: about 1 MB of dashboards. */
    static final int STREAMED_ROWS = 64;

    /** Reads the current row of a result set. */
    @FunctionalInterface
    public interface RowMapper<R> {
        LegacyRow<R> map(ResultSet rs) throws SQLException;
    }

    /** Binds a statement's parameters. */
    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    long count(Connection c, OptionalLong org) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + table + " WHERE " + scope + orgFilter(org))) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    List<Long> sliceBounds(Connection c, OptionalLong org, int rows) throws SQLException {
        List<Long> bounds = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM (SELECT " + alias + ".id, row_number() OVER (ORDER BY "
            + alias + ".id) AS n FROM " + table + " WHERE " + scope + orgFilter(org) + ") s WHERE n % ? = 0 ORDER BY id")) {
            ps.setInt(1, rows);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    bounds.add(rs.getLong(1));
                }
            }
        }
        return bounds;
    }

    List<LegacyRow<R>> read(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException {
        return rows(c, "SELECT " + from + " WHERE " + scope + orgFilter(org) + " AND " + alias + ".id > ? AND " + alias
            + ".id <= ? ORDER BY " + alias + ".id LIMIT ?", ps -> {
                ps.setLong(1, range.after());
                ps.setLong(2, range.last());
                ps.setInt(3, limit);
            });
    }

    List<LegacyRow<R>> readChanged(Connection c, LocalDateTime since, long after, OptionalLong org, int limit)
        throws SQLException {
        return rows(c, "SELECT " + from + " WHERE " + scope + orgFilter(org) + " AND " + updated + " >= ? AND " + alias
            + ".id > ? ORDER BY " + alias + ".id LIMIT ?", ps -> {
                ps.setObject(1, since);
                ps.setLong(2, after);
                ps.setInt(3, limit);
            });
    }

    Map<Long, LegacyRow<R>> readIds(Connection c, List<Long> ids) throws SQLException {
        Map<Long, LegacyRow<R>> out = new HashMap<>();
        for (LegacyRow<R> row : rows(c, "SELECT " + from + " WHERE " + scope + " AND " + alias + ".id = ANY(?)",
            ps -> ps.setArray(1, c.createArrayOf("bigint", ids.toArray())))) {
            out.put(row.id(), row);
        }
        return out;
    }

    List<LegacyRow<R>> readKey(Connection c, long orgId, String uid) throws SQLException {
        return rows(c, "SELECT " + from + " WHERE " + scope + " AND " + alias + ".org_id = ? AND " + alias + ".uid = ?",
            ps -> {
                ps.setLong(1, orgId);
                ps.setString(2, uid);
            });
    }

    /**
     * The projection's columns stream through a cursor ({@link #STREAMED_ROWS} at a time: a chunk of 15 KB documents
     * is never held whole) and each row is hashed as it arrives, on the caller's thread.
     */
    List<Fingerprint> fingerprints(Connection c, KeyRange range, OptionalLong org, int limit) throws SQLException {
        List<Fingerprint> out = new ArrayList<>();
        CanonicalJson hasher = new CanonicalJson();
        boolean autoCommit = c.getAutoCommit();
        // a cursor needs a transaction
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement("SELECT " + alias + ".id, " + alias + ".org_id, coalesce(" + alias
            + ".uid, ''), " + projection.legacyColumns() + " FROM " + table + " WHERE " + scope + orgFilter(org) + " AND "
            + alias + ".id > ? AND " + alias + ".id <= ? ORDER BY " + alias + ".id LIMIT ?")) {
            ps.setFetchSize(STREAMED_ROWS);
            ps.setLong(1, range.after());
            ps.setLong(2, range.last());
            ps.setInt(3, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Fingerprint(rs.getLong(1), rs.getLong(2), rs.getString(3),
                        projection.legacyHash(rs, 4, hasher)));
                }
            }
        } finally {
            if (autoCommit) {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        return out;
    }

    Set<OrgUid> keys(Connection c, OptionalLong org) throws SQLException {
        Set<OrgUid> out = new HashSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT " + alias + ".org_id, coalesce(" + alias + ".uid, '') FROM "
            + table + " WHERE " + scope + orgFilter(org))) {
            ps.setFetchSize(10_000);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new OrgUid(rs.getLong(1), rs.getString(2)));
                }
            }
        }
        return out;
    }

    Set<OrgUid> existing(Connection c, List<OrgUid> keys) throws SQLException {
        Set<OrgUid> out = new HashSet<>();
        if (keys.isEmpty()) {
            return out;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT " + alias + ".org_id, " + alias + ".uid FROM " + table
            + " WHERE " + scope + " AND (" + alias + ".org_id, " + alias + ".uid) IN "
            + "(SELECT * FROM unnest(?::bigint[], ?::text[]))")) {
            ps.setArray(1, c.createArrayOf("bigint", keys.stream().map(OrgUid::orgId).toArray()));
            ps.setArray(2, c.createArrayOf("text", keys.stream().map(OrgUid::uid).toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new OrgUid(rs.getLong(1), rs.getString(2)));
                }
            }
        }
        return out;
    }

    List<LegacyRow<R>> rows(Connection c, String sql, Binder binder) throws SQLException {
        List<LegacyRow<R>> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            binder.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(mapper.map(rs));
                }
            }
        }
        return out;
    }

    /** The org id is a number the job parsed, never caller text, so it is written into the statement. */
    private String orgFilter(OptionalLong org) {
        return org.isPresent() ? " AND " + alias + ".org_id = " + org.getAsLong() : "";
    }
}
