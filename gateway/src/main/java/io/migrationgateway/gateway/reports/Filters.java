package io.migrationgateway.gateway.reports;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * The WHERE clause of a report query: its window on a time column, and its resources and namespaces, as bind
 * parameters (an empty list selects all). Column names are the queries' own constants, never the caller's text.
 */
final class Filters {
    private final StringBuilder sql = new StringBuilder();
    private final List<Object> values = new ArrayList<>();

    static Filters of(ReportQuery query, String timeColumn) {
        return of(query, "", timeColumn);
    }

    /** @param qualifier the table alias of the columns, with its dot ({@code v.}), or empty */
    static Filters of(ReportQuery query, String qualifier, String timeColumn) {
        Filters filters = new Filters();
        filters.sql.append(qualifier).append(timeColumn).append(" >= ? AND ").append(qualifier).append(timeColumn).append(" < ?");
        filters.values.add(Timestamp.from(query.from()));
        filters.values.add(Timestamp.from(query.to()));
        return filters.scope(query, qualifier);
    }

    /** Only the resources and namespaces of the query, with no window (for what is current, such as the outbox). */
    static Filters scopeOnly(ReportQuery query) {
        Filters filters = new Filters();
        filters.sql.append("TRUE");
        return filters.scope(query, "");
    }

    private Filters scope(ReportQuery query, String qualifier) {
        if (!query.resources().isEmpty()) {
            sql.append(" AND ").append(qualifier).append("resource = ANY (?)");
            values.add(query.resources());
        }
        if (!query.namespaces().isEmpty()) {
            sql.append(" AND ").append(qualifier).append("namespace = ANY (?)");
            values.add(query.namespaces());
        }
        return this;
    }

    String where() {
        return sql.toString();
    }

    /** Prepares {@code statement}, whose first parameters are these, then {@code more}. */
    PreparedStatement prepare(Connection connection, String statement, Object... more) throws SQLException {
        PreparedStatement prepared = connection.prepareStatement(statement);
        int index = bindAfter(connection, prepared, 0);
        for (Object value : more) {
            set(connection, prepared, index++, value);
        }
        return prepared;
    }

    /** Binds these parameters after the first {@code before} ones; answers the index of the next parameter. */
    int bindAfter(Connection connection, PreparedStatement prepared, int before) throws SQLException {
        int index = before + 1;
        for (Object value : values) {
            set(connection, prepared, index++, value);
        }
        return index;
    }

    private static void set(Connection connection, PreparedStatement prepared, int index, Object value) throws SQLException {
        if (value instanceof List<?> list) {
            prepared.setArray(index, connection.createArrayOf("text", list.toArray()));
        } else {
            prepared.setObject(index, value);
        }
    }
}
