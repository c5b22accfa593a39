package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.SearchHit;
import io.migrationgateway.storage.SearchQuery;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link SearchQuery} as one statement on {@code resource_search}: its filters as conditions the indexes answer
 * (trigrams for a title pattern, GIN for tags, B-trees for folders, ids and the title order), its page as {@code LIMIT}
 * and {@code OFFSET}. Each kind is one branch, a walk of that kind's index in the search's order that stops at the
 * page's end (the covering indexes answer it without reading the table); several kinds are the ordered merge of their
 * branches, so a search reads about its page and the rows it skips.
 */
final class SearchQueries {
    private static final String COLUMNS = "SELECT \"group\", resource, name, title, tags, folder, legacy_id, title_folded "
        + "FROM resource_search";

    private SearchQueries() {
    }

    static List<ObjectSearch.TagCount> tagCounts(Connection c, GroupResource groupResource, String namespace) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT tag, count(*) FROM resource_search, unnest(tags) AS tag "
                + "WHERE \"group\" = ? AND resource = ? AND namespace = ? AND NOT terminating GROUP BY tag ORDER BY tag")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            ps.setString(3, namespace);
            List<ObjectSearch.TagCount> counts = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.add(new ObjectSearch.TagCount(rs.getString(1), rs.getLong(2)));
                }
            }
            return counts;
        }
    }

    static List<SearchHit> page(Connection c, SearchQuery query) throws SQLException {
        List<Object> params = new ArrayList<>();
        String order = switch (query.order()) {
            case TITLE_ASC -> " ORDER BY title_folded, title, legacy_id, name";
            case TITLE_DESC -> " ORDER BY title_folded DESC, title DESC, legacy_id DESC, name DESC";
            case LEGACY_ID -> " ORDER BY legacy_id, name";
        };
        StringBuilder sql = new StringBuilder();
        if (query.kinds().size() == 1) {
            branch(sql, params, query, query.kinds().getFirst(), order);
        } else {
            // each branch's first offset + limit hits hold the page, whatever the merge takes from which
            sql.append("SELECT * FROM (");
            for (int i = 0; i < query.kinds().size(); i++) {
                sql.append(i == 0 ? "(" : " UNION ALL (");
                branch(sql, params, query, query.kinds().get(i), order);
                sql.append(" LIMIT ?)");
                params.add(query.offset() + query.limit());
            }
            sql.append(") hits").append(order);
        }
        sql.append(" LIMIT ? OFFSET ?");
        params.add(query.limit());
        params.add(query.offset());

        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < params.size(); i++) {
                Object value = params.get(i);
                if (value instanceof String[] texts) {
                    ps.setArray(i + 1, c.createArrayOf("text", texts));
                } else if (value instanceof Long[] ids) {
                    ps.setArray(i + 1, c.createArrayOf("bigint", ids));
                } else {
                    ps.setObject(i + 1, value);
                }
            }
            List<SearchHit> hits = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    hits.add(new SearchHit(new GroupResource(rs.getString(1), rs.getString(2)), query.namespace(),
                        rs.getString(3), rs.getString(4), texts(rs.getArray(5)), rs.getString(6), rs.getLong(7)));
                }
            }
            return hits;
        }
    }

    /** The hits of one kind, every filter applied, in {@code order}. */
    private static void branch(StringBuilder sql, List<Object> params, SearchQuery query, SearchQuery.KindScope scope,
                               String order) {
        // A tag's matches are read whole (GIN) and then sorted: walking the title order until a page of them is found
        // reads every title before them, and tags go with titles (a team's tag, a team's title prefix), which the
        // planner cannot know. The OFFSET 0 fence keeps the order outside, so the planner chooses by total cost.
        boolean tagged = !query.tags().isEmpty();
        if (tagged) {
            sql.append("SELECT * FROM (");
        }
        sql.append(COLUMNS).append(" WHERE \"group\" = ? AND resource = ? AND namespace = ? AND NOT terminating");
        params.add(scope.kind().group());
        params.add(scope.kind().resource());
        params.add(query.namespace());
        if (scope.folders() != null && scope.folders().size() == 1) {
            // an equality, so that the folder index gives the folder's objects already in title order
            sql.append(" AND folder = ?");
            params.add(scope.folders().iterator().next());
        } else if (scope.folders() != null) {
            sql.append(" AND folder = ANY(?)");
            params.add(scope.folders().toArray(String[]::new));
        }
        if (query.title() != null) {
            // matched in lower case first, which the trigram index answers; a case-sensitive match checks the title too
            sql.append(" AND title_folded LIKE ?");
            params.add(query.title().pattern().toLowerCase(Locale.ROOT));
            if (query.title().caseSensitive()) {
                sql.append(" AND title LIKE ?");
                params.add(query.title().pattern());
            }
        }
        if (!query.tags().isEmpty()) {
            sql.append(" AND tags @> ?");
            params.add(query.tags().toArray(String[]::new));
        }
        if (!query.legacyIds().isEmpty()) {
            sql.append(" AND legacy_id = ANY(?)");
            params.add(query.legacyIds().toArray(Long[]::new));
        }
        if (!query.names().isEmpty()) {
            sql.append(" AND name = ANY(?)");
            params.add(query.names().toArray(String[]::new));
        }
        if (tagged) {
            sql.append(" OFFSET 0) tagged");
        }
        sql.append(order);
    }

    private static List<String> texts(Array array) throws SQLException {
        return array == null ? List.of() : List.of((String[]) array.getArray());
    }
}
