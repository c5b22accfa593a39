package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A WHERE clause built from conditions and their parameters, so selectors can be pushed into SQL (a page
 * {@code limit} then counts matching objects, not scanned ones). Conditions name the columns
 * {@code labels}, {@code namespace} and {@code name} unqualified: the query decides which rows they mean.
 */
final class SqlWhere {
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> params = new ArrayList<>();

    SqlWhere and(String condition, Object... values) {
        conditions.add(condition);
        Collections.addAll(params, values);
        return this;
    }

    /** Adds the selector's requirements on the {@code labels} jsonb column; Kubernetes semantics for absent labels. */
    SqlWhere labels(LabelSelector selector) {
        for (LabelSelector.Requirement r : selector.requirements()) {
            String label = "(labels ->> ?::text)";
            String list = String.join(", ", Collections.nCopies(r.values().size(), "?"));
            List<Object> values = new ArrayList<>();
            values.add(r.key());
            values.addAll(r.values());
            switch (r.operator()) {
                // containment, which the labels' GIN index answers (a legacy id asked for as a label, say)
                case EQUALS -> and("labels @> ?::jsonb", containing(r.key(), r.values().getFirst()));
                case NOT_EQUALS -> and(label + " IS DISTINCT FROM ?", values.toArray());
                case IN -> and("(" + String.join(" OR ", Collections.nCopies(r.values().size(), "labels @> ?::jsonb")) + ")",
                    r.values().stream().map(value -> containing(r.key(), value)).toArray());
                // NOT IN on a missing label is NULL: a missing label does not belong to the set.
                case NOT_IN -> and("coalesce(" + label + " NOT IN (" + list + "), true)", values.toArray());
                case EXISTS -> and(label + " IS NOT NULL", r.key());
                case DOES_NOT_EXIST -> and(label + " IS NULL", r.key());
            }
        }
        return this;
    }

    /** {@code {"key": "value"}} as JSON text. */
    private static String containing(String key, String value) {
        return JsonNodeFactory.instance.objectNode().put(key, value).toString();
    }

    /** Adds the selector's requirements on the {@code namespace} and {@code name} columns. */
    SqlWhere fields(FieldSelector selector) {
        for (FieldSelector.Requirement r : selector.requirements()) {
            String column = r.field() == FieldSelector.Field.NAME ? "name" : "namespace";
            and(column + (r.equal() ? " = ?" : " <> ?"), r.value());
        }
        return this;
    }

    String sql() {
        return conditions.isEmpty() ? "TRUE" : String.join(" AND ", conditions);
    }

    /** Binds the parameters from {@code first} on; returns the next free index. */
    int bind(PreparedStatement ps, int first) throws SQLException {
        int i = first;
        for (Object p : params) {
            ps.setObject(i++, p);
        }
        return i;
    }
}
