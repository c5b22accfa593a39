package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.WatchEvent.Type;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the writes of a group-resource after a resource version from {@code resource_history}, in version order
 * (Grafana's resource_history_poll.sql), each with the state it replaced: what watch replay and the HA poller
 * publish.
 */
final class HistoryReader {
    private final ObjectRows rows;

    HistoryReader(ObjectRows rows) {
        this.rows = rows;
    }

    /**
     * Up to {@code limit} writes above {@code after}, for a watch resuming from {@code after}; call inside a
     * snapshot transaction so the compaction mark and the rows agree.
     *
     * @throws StorageException EXPIRED when history above {@code after} may already be compacted
     */
    List<Change> replay(Connection c, GroupResource groupResource, long after, int limit) throws SQLException {
        long mark = HistoryCompaction.mark(c, groupResource);
        if (after < mark) {
            throw new StorageException(StorageException.Reason.EXPIRED, null,
                "too old resource version: " + after + " (" + mark + ")");
        }
        return after(c, groupResource, after, limit);
    }

    /** Up to {@code limit} writes above {@code after}, oldest first. */
    List<Change> after(Connection c, GroupResource groupResource, long after, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT h.resource_version, h.action, h.namespace, h.name, "
            + "h.value, p.value FROM resource_history h LEFT JOIN resource_history p ON h.action = " + ObjectRows.UPDATED
            + " AND p.\"group\" = h.\"group\" AND p.resource = h.resource AND p.namespace = h.namespace"
            + " AND p.name = h.name AND p.resource_version = h.previous_resource_version"
            + " WHERE h.\"group\" = ? AND h.resource = ? AND h.resource_version > ? AND h.action <> " + ObjectRows.VERSION
            + " ORDER BY h.resource_version LIMIT ?")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            ps.setLong(3, after);
            ps.setInt(4, limit);
            List<Change> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(change(rs));
                }
            }
            return out;
        }
    }

    private Change change(ResultSet rs) throws SQLException {
        ObjectNode object = rows.parse(rs.getBytes(5));
        byte[] previous = rs.getBytes(6);
        Type type = switch (rs.getInt(2)) {
            case ObjectRows.CREATED -> Type.ADDED;
            case ObjectRows.UPDATED -> Type.MODIFIED;
            default -> Type.DELETED;
        };
        // A delete row holds the last state, which is also what a selector judged before the delete.
        ObjectNode before = type == Type.DELETED ? object : previous == null ? null : rows.parse(previous);
        return new Change(type, rs.getLong(1), rs.getString(3), rs.getString(4), object, before);
    }
}
