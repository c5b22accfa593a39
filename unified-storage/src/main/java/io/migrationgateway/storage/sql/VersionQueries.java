package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * An object's versions from {@code resource_history} ({@link io.migrationgateway.storage.ObjectHistory}): per
 * generation its latest row, after the object's last delete, newest generation first. Reads the object's own rows by
 * the (group, resource, namespace, name, resource_version) index.
 */
final class VersionQueries {
    private static final String OF_CURRENT_LIFE = "h.\"group\" = ? AND h.resource = ? AND h.namespace = ? AND h.name = ?"
        + " AND h.action <> " + ObjectRows.DELETED + " AND h.generation > 0"
        + " AND EXISTS (SELECT 1 FROM resource r WHERE r.\"group\" = h.\"group\" AND r.resource = h.resource"
        + " AND r.namespace = h.namespace AND r.name = h.name)"
        + " AND NOT EXISTS (SELECT 1 FROM resource_history d WHERE d.\"group\" = h.\"group\" AND d.resource = h.resource"
        + " AND d.namespace = h.namespace AND d.name = h.name AND d.action = " + ObjectRows.DELETED
        + " AND d.resource_version > h.resource_version)";

    /** Key, then offset and limit. */
    static final String PAGE = "SELECT DISTINCT ON (h.generation) h.value FROM resource_history h WHERE " + OF_CURRENT_LIFE
        + " ORDER BY h.generation DESC, h.resource_version DESC OFFSET ? LIMIT ?";

    private final ObjectRows rows;

    VersionQueries(ObjectRows rows) {
        this.rows = rows;
    }

    List<ObjectNode> page(Connection c, ObjectKey key, long offset, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(PAGE)) {
            bind(ps, key);
            ps.setLong(5, offset);
            ps.setInt(6, limit);
            List<ObjectNode> found = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(rows.parse(rs.getBytes(1)));
                }
            }
            return found;
        }
    }

    ObjectNode at(Connection c, ObjectKey key, long generation) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT h.value FROM resource_history h WHERE "
            + OF_CURRENT_LIFE + " AND h.generation = ? ORDER BY h.resource_version DESC LIMIT 1")) {
            bind(ps, key);
            ps.setLong(5, generation);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rows.parse(rs.getBytes(1)) : null;
            }
        }
    }

    private static void bind(PreparedStatement ps, ObjectKey key) throws SQLException {
        ps.setString(1, key.groupResource().group());
        ps.setString(2, key.groupResource().resource());
        ps.setString(3, key.namespace());
        ps.setString(4, key.name());
    }
}
