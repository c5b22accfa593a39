package io.migrationgateway.legacysim.search;

import io.migrationgateway.legacysim.naming.Names;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Grafana 9.3's SQL search over the {@code dashboard} table (folders are rows there too): the filters of
 * {@code pkg/services/sqlstore/searchstore} combined with AND, sorted by title ignoring case, one page of rows,
 * each row's folder from a self-join on {@code folder_id} and its tags from {@code dashboard_tag}.
 */
public final class SearchStore {
    private final DataSource dataSource;

    public SearchStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public List<Hit> search(long orgId, SearchQuery query) throws SQLException {
        StringBuilder sql = new StringBuilder("""
                SELECT d.id, d.uid, d.title, d.slug, d.is_folder, d.folder_id, f.uid AS f_uid, f.title AS f_title, f.slug AS f_slug
                FROM dashboard d
                LEFT JOIN dashboard f ON d.folder_id > 0 AND f.id = d.folder_id AND f.is_folder
                WHERE d.org_id = ? AND d.deleted IS NULL""");
        List<Object> params = new ArrayList<>(List.of(orgId));
        where(query, sql, params);
        String direction = query.descending() ? "DESC" : "ASC";
        // byte order (COLLATE "C"), so that the order does not depend on the database's locale
        sql.append(" ORDER BY lower(d.title) COLLATE \"C\" ").append(direction).append(", d.title COLLATE \"C\" ").append(direction)
                .append(", d.id ").append(direction).append(" LIMIT ? OFFSET ?");
        params.add(query.limit());
        params.add((long) (query.page() - 1) * query.limit());

        try (Connection c = dataSource.getConnection()) {
            List<Row> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                bind(c, ps, params);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new Row(rs.getLong("id"), rs.getString("uid"), rs.getString("title"), rs.getString("slug"),
                                rs.getBoolean("is_folder"), rs.getLong("folder_id"), rs.getString("f_uid"),
                                rs.getString("f_title"), rs.getString("f_slug")));
                    }
                }
            }
            Map<Long, List<String>> tags = tags(c, rows);
            return rows.stream().map(row -> row.hit(tags.getOrDefault(row.id(), List.of()))).toList();
        }
    }

    /** Appends one AND clause per filter that is given, in the order Grafana's searchstore applies them. */
    private static void where(SearchQuery query, StringBuilder sql, List<Object> params) {
        if (!query.title().isEmpty()) {
            sql.append(" AND d.title ILIKE ?");
            params.add("%" + query.title() + "%");
        }
        if (Hit.DASHBOARD.equals(query.type())) {
            sql.append(" AND NOT d.is_folder");
        } else if (Hit.FOLDER.equals(query.type())) {
            sql.append(" AND d.is_folder");
        }
        if (!query.tags().isEmpty()) {
            sql.append(" AND d.id IN (SELECT dashboard_id FROM dashboard_tag WHERE term = ANY(?)"
                    + " GROUP BY dashboard_id HAVING count(DISTINCT term) = ?)");
            params.add(query.tags().toArray(String[]::new));
            params.add(query.tags().size());
        }
        if (!query.dashboardIds().isEmpty()) {
            sql.append(" AND d.id = ANY(?)");
            params.add(query.dashboardIds().toArray(Long[]::new));
        }
        if (!query.dashboardUids().isEmpty()) {
            sql.append(" AND d.uid = ANY(?)");
            params.add(query.dashboardUids().toArray(String[]::new));
        }
        if (!query.folderIds().isEmpty()) {
            sql.append(" AND d.folder_id = ANY(?)");
            params.add(query.folderIds().toArray(Long[]::new));
        }
        if (!query.folderUids().isEmpty()) {
            boolean root = query.folderUids().contains("general");
            sql.append(" AND (d.folder_uid = ANY(?)").append(root ? " OR COALESCE(d.folder_uid, '') = ''" : "").append(")");
            params.add(query.folderUids().toArray(String[]::new));
        }
    }

    private static void bind(Connection c, PreparedStatement ps, List<Object> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            Object value = params.get(i);
            if (value instanceof Long[] ids) {
                ps.setArray(i + 1, c.createArrayOf("bigint", ids));
            } else if (value instanceof String[] texts) {
                ps.setArray(i + 1, c.createArrayOf("varchar", texts));
            } else {
                ps.setObject(i + 1, value);
            }
        }
    }

    private static Map<Long, List<String>> tags(Connection c, List<Row> rows) throws SQLException {
        Map<Long, List<String>> tags = new HashMap<>();
        if (rows.isEmpty()) {
            return tags;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT dashboard_id, term FROM dashboard_tag WHERE dashboard_id = ANY(?) ORDER BY dashboard_id, term")) {
            ps.setArray(1, c.createArrayOf("bigint", rows.stream().map(Row::id).toArray(Long[]::new)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    tags.computeIfAbsent(rs.getLong(1), id -> new ArrayList<>()).add(rs.getString(2));
                }
            }
        }
        return tags;
    }

    /** A matching {@code dashboard} row with its folder's uid, title and slug (null at the root and for folders). */
    private record Row(long id, String uid, String title, String slug, boolean isFolder, long folderId, String folderUid,
                       String folderTitle, String folderSlug) {

        Hit hit(List<String> tags) {
            String url = isFolder ? Names.folderUrl(uid, slug) : Names.dashboardUrl(uid, slug);
            boolean inFolder = folderUid != null;
            return new Hit(id, uid, title, "db/" + slug, url, "", isFolder ? Hit.FOLDER : Hit.DASHBOARD, tags, false,
                    inFolder ? folderId : 0, inFolder ? folderUid : null, inFolder ? folderTitle : null,
                    inFolder ? Names.folderUrl(folderUid, folderSlug) : null, 0);
        }
    }
}
