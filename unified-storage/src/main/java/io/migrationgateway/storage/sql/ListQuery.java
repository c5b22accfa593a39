package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.StorageException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One page of a list, consistent at one resource version across pages. The first page reads the current
 * objects; a continued page is served at the first page's version: from the current objects when nothing was
 * written since (the common case, and cheap), else from history (the latest row of each object at or below that
 * version, unless it was a delete). Runs inside a snapshot transaction so the version and the rows agree.
 */
final class ListQuery {
    static final String EXPIRED_CONTINUE = "The provided continue parameter is too old to display a consistent list"
        + " result. You can start a new list without the continue parameter.";

    /**
     * Remaining items are counted up to this many; beyond it the count is left out, which Kubernetes allows (clients
     * must not rely on it), so that a page costs the same whatever follows it.
     */
    static final int MAX_COUNTED = 10_000;

    private final ObjectRows rows;

    ListQuery(ObjectRows rows) {
        this.rows = rows;
    }

    ListPage page(Connection c, GroupResource groupResource, ListOptions options) throws SQLException {
        long current = ResourceVersionCounter.current(c, groupResource);
        ContinueToken token = options.continueToken() == null || options.continueToken().isEmpty()
            ? null : ContinueToken.decode(options.continueToken());
        long at = current;
        if (token != null) {
            if (token.resourceVersion() < HistoryCompaction.mark(c, groupResource)) {
                throw new StorageException(StorageException.Reason.EXPIRED, null, EXPIRED_CONTINUE);
            }
            at = token.resourceVersion();
        }
        boolean fromCurrent = at == current;
        int fetch = options.limit() == 0 ? 0 : options.limit() + 1;
        List<Row> found = fromCurrent
            ? current(c, groupResource, options, token, fetch)
            : atVersion(c, groupResource, options, token, at, fetch);
        if (options.limit() == 0 || found.size() <= options.limit()) {
            return new ListPage(objects(found), at, null, null);
        }
        List<Row> page = found.subList(0, options.limit());
        Row last = page.getLast();
        ContinueToken next = new ContinueToken(at, last.namespace(), last.name());
        Long remaining = fromCurrent ? countCurrent(c, groupResource, options, next) : null;
        return new ListPage(objects(page), at, next.encode(), remaining);
    }

    private List<Row> current(Connection c, GroupResource groupResource, ListOptions options, ContinueToken after,
                              int limit) throws SQLException {
        SqlWhere where = selection(groupResource, options, after);
        String sql = "SELECT namespace, name, value FROM resource WHERE " + where.sql() + " ORDER BY namespace, name"
            + (limit > 0 ? " LIMIT " + limit : "");
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            where.bind(ps, 1);
            return read(ps);
        }
    }

    private List<Row> atVersion(Connection c, GroupResource groupResource, ListOptions options, ContinueToken after,
                                long resourceVersion, int limit) throws SQLException {
        SqlWhere latest = new SqlWhere().and("\"group\" = ?", groupResource.group())
            .and("resource = ?", groupResource.resource())
            .and("resource_version <= ?", resourceVersion)
            .and("action <> " + ObjectRows.VERSION);
        if (options.namespace() != null) {
            latest.and("namespace = ?", options.namespace());
        }
        if (after != null) {
            latest.and("(namespace, name) > (?, ?)", after.namespace(), after.name());
        }
        // Selectors apply to each object's state at the version, so only after the latest row was picked.
        SqlWhere selected = new SqlWhere().and("action <> " + ObjectRows.DELETED)
            .labels(options.labels()).fields(options.fields());
        String sql = "SELECT namespace, name, value FROM ("
            + "SELECT DISTINCT ON (namespace, name) namespace, name, value, labels, action FROM resource_history WHERE "
            + latest.sql() + " ORDER BY namespace, name, resource_version DESC) at_version WHERE " + selected.sql()
            + " ORDER BY namespace, name" + (limit > 0 ? " LIMIT " + limit : "");
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            selected.bind(ps, latest.bind(ps, 1));
            return read(ps);
        }
    }

    /** How many objects follow {@code after}, or {@code null} when more than {@link #MAX_COUNTED}. */
    private static Long countCurrent(Connection c, GroupResource groupResource, ListOptions options, ContinueToken after)
        throws SQLException {
        SqlWhere where = selection(groupResource, options, after);
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM (SELECT 1 FROM resource WHERE " + where.sql()
            + " LIMIT " + (MAX_COUNTED + 1) + ") following")) {
            where.bind(ps, 1);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long count = rs.getLong(1);
                return count > MAX_COUNTED ? null : count;
            }
        }
    }

    private static SqlWhere selection(GroupResource groupResource, ListOptions options, ContinueToken after) {
        SqlWhere where = new SqlWhere().and("\"group\" = ?", groupResource.group())
            .and("resource = ?", groupResource.resource());
        if (options.namespace() != null) {
            where.and("namespace = ?", options.namespace());
        }
        if (after != null) {
            where.and("(namespace, name) > (?, ?)", after.namespace(), after.name());
        }
        return where.labels(options.labels()).fields(options.fields());
    }

    private List<Row> read(PreparedStatement ps) throws SQLException {
        List<Row> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new Row(rs.getString(1), rs.getString(2), rows.parse(rs.getBytes(3))));
            }
        }
        return out;
    }

    private static List<ObjectNode> objects(List<Row> found) {
        return found.stream().map(Row::object).toList();
    }

    private record Row(String namespace, String name, ObjectNode object) {
    }
}
