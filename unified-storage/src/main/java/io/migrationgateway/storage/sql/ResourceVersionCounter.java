package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-group-resource resource version counter ({@code resource_version}), as Grafana's rvmanager keeps it:
 * the next version is max(now in epoch microseconds, last + 1), so versions stay close to wall-clock time and
 * strictly increase. A writer locks the counter row for its whole transaction: commits of one group-resource
 * then happen in version order, which is what lets readers (the HA poller, watch replay) take "everything
 * above N" without ever missing a version that commits later.
 */
final class ResourceVersionCounter {
    private final Clock clock;

    ResourceVersionCounter(Clock clock) {
        this.clock = clock;
    }

    /** Locks the counter row of {@code groupResource} (creating it) until the transaction ends. */
    Allocation lock(Connection c, GroupResource groupResource) throws SQLException {
        Long stored = selectForUpdate(c, groupResource);
        if (stored == null) {
            try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO resource_version (\"group\", resource, resource_version) VALUES (?, ?, 0) "
                    + "ON CONFLICT DO NOTHING")) {
                ps.setString(1, groupResource.group());
                ps.setString(2, groupResource.resource());
                ps.executeUpdate();
            }
            stored = selectForUpdate(c, groupResource);
        }
        return new Allocation(groupResource, stored);
    }

    /** The last assigned version (0 when the group-resource was never written). */
    static long current(Connection c, GroupResource groupResource) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT resource_version FROM resource_version WHERE \"group\" = ? AND resource = ?")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    /** The last assigned version of every group-resource ever written. */
    static Map<GroupResource, Long> all(Connection c) throws SQLException {
        Map<GroupResource, Long> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT \"group\", resource, resource_version FROM resource_version");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.put(new GroupResource(rs.getString(1), rs.getString(2)), rs.getLong(3));
            }
        }
        return out;
    }

    private static Long selectForUpdate(Connection c, GroupResource groupResource) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT resource_version FROM resource_version WHERE \"group\" = ? AND resource = ? FOR UPDATE")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        }
    }

    /** Versions handed out under one lock; {@link #save} stores the last one before the transaction commits. */
    final class Allocation {
        private final GroupResource groupResource;
        private long last;
        private boolean allocated;

        private Allocation(GroupResource groupResource, long stored) {
            this.groupResource = groupResource;
            this.last = stored;
        }

        long next() {
            Instant now = clock.instant();
            long micros = Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
            last = Math.max(micros, last + 1);
            allocated = true;
            return last;
        }

        /** The last version handed out, or the stored one when none was. */
        long last() {
            return last;
        }

        void save(Connection c) throws SQLException {
            if (!allocated) {
                return;
            }
            try (PreparedStatement ps = c.prepareStatement(
                "UPDATE resource_version SET resource_version = ? WHERE \"group\" = ? AND resource = ?")) {
                ps.setLong(1, last);
                ps.setString(2, groupResource.group());
                ps.setString(3, groupResource.resource());
                ps.executeUpdate();
            }
        }
    }
}
