package io.migrationgateway.storage.sql;

import io.migrationgateway.model.GroupResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Drops history nobody can ask for any more and records how far it went (the compaction mark), so that a
 * watch or continued list from below the mark is refused with 410 Expired instead of silently missing rows.
 *
 * <p>The rule, for a cutoff C (a resource version): a history row is deleted when its version is at most C and
 * either a newer row of the same object also is at most C, or it is a delete. What stays is exactly what the two
 * readers need for any version N at or above C: every row above N (watch replay, and the previous state of each
 * replayed update, which is the latest row at or below C at worst), and for every object the latest row at or below N
 * (list at N; an object whose latest row at or below C is a delete did not exist at N unless a later row says so).
 * The mark is then raised to C, in the same transaction, so readers see either the old rows with the old mark or
 * the new mark.
 *
 * <p>For a kind that keeps versions ({@link StorageSettings#versionsKept()}), a row is also kept while it is an
 * object's latest row of one of its K newest generations and no delete follows it: rows kept beyond the rule only add
 * to what the readers above find, so the mark stays true. History-only rows (earlier versions copied in) are no
 * "newer row" for the rule: the readers above never see them.
 */
final class HistoryCompaction {
    private final Transactions transactions;
    private final Clock clock;
    private final Map<GroupResource, Integer> versionsKept;

    HistoryCompaction(Transactions transactions, Clock clock, Map<GroupResource, Integer> versionsKept) {
        this.transactions = transactions;
        this.clock = clock;
        this.versionsKept = versionsKept;
    }

    /**
     * Compacts every group-resource to the older of (now - {@code age}) and its latest version: the latest version
     * is never passed, so a version a client just got from a list stays usable.
     */
    void compactOlderThan(Duration age) {
        Instant cutoffTime = clock.instant().minus(age);
        long cutoffMicros = Math.addExact(Math.multiplyExact(cutoffTime.getEpochSecond(), 1_000_000L),
            cutoffTime.getNano() / 1_000);
        Map<GroupResource, Long> latest = transactions.readCommitted("read resource versions",
            ResourceVersionCounter::all);
        latest.forEach((groupResource, rv) -> {
            long cutoff = Math.min(cutoffMicros, rv);
            transactions.readCommitted("compact history of " + groupResource, c -> {
                compact(c, groupResource, cutoff, versionsKept.getOrDefault(groupResource, 0));
                return null;
            });
        });
    }

    /** The compaction mark: history below it may be gone (0 when never compacted). */
    static long mark(Connection c, GroupResource groupResource) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT compacted_resource_version FROM resource_compaction "
            + "WHERE \"group\" = ? AND resource = ?")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    private static void compact(Connection c, GroupResource groupResource, long cutoff, int versionsKept) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM resource_history h "
            + "WHERE h.\"group\" = ? AND h.resource = ? AND h.resource_version <= ? AND (h.action = " + ObjectRows.DELETED
            + " OR EXISTS (SELECT 1 FROM resource_history n WHERE n.\"group\" = h.\"group\" AND n.resource = h.resource"
            + " AND n.namespace = h.namespace AND n.name = h.name AND n.action <> " + ObjectRows.VERSION
            + " AND n.resource_version > h.resource_version AND n.resource_version <= ?))"
            + (versionsKept == 0 ? "" : " AND NOT (h.action <> " + ObjectRows.DELETED + " AND h.generation > 0"
            + " AND NOT EXISTS (SELECT 1 FROM resource_history n WHERE n.\"group\" = h.\"group\" AND n.resource = h.resource"
            + " AND n.namespace = h.namespace AND n.name = h.name AND n.resource_version > h.resource_version"
            + " AND (n.action = " + ObjectRows.DELETED + " OR n.generation = h.generation))"
            + " AND h.generation > (SELECT max(n.generation) FROM resource_history n WHERE n.\"group\" = h.\"group\""
            + " AND n.resource = h.resource AND n.namespace = h.namespace AND n.name = h.name) - ?)"))) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            ps.setLong(3, cutoff);
            ps.setLong(4, cutoff);
            if (versionsKept > 0) {
                ps.setInt(5, versionsKept);
            }
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO resource_compaction "
            + "(\"group\", resource, compacted_resource_version) VALUES (?, ?, ?) ON CONFLICT (\"group\", resource) "
            + "DO UPDATE SET compacted_resource_version = GREATEST(resource_compaction.compacted_resource_version, "
            + "EXCLUDED.compacted_resource_version)")) {
            ps.setString(1, groupResource.group());
            ps.setString(2, groupResource.resource());
            ps.setLong(3, cutoff);
            ps.executeUpdate();
        }
    }
}
