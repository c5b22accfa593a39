package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.dualwrite.Side.Target;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.json.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Dual-write state in PostgreSQL, shared by every replica: the record of each copied write ({@code dual_write}), the
 * last write applied to each object on each side ({@code dual_write_applied}, ordered by {@code dual_write_seq}) and
 * the outbox ({@code dual_write_outbox}). Thread-safe; every method is one statement or one short transaction.
 */
public final class DualWriteStore {
    private final DataSource dataSource;

    private final int boundMillis;

    /**
     * @param bound the longest each statement's answer is waited for: the store is on the request path of modes 2 and 3,
     *              so a stalled database must not hold a write longer than {@code database.request-timeout}
     */
    public DualWriteStore(DataSource dataSource, Duration bound) {
        this.dataSource = dataSource;
        this.boundMillis = (int) Math.min(Integer.MAX_VALUE, bound.toMillis());
    }

    /** A pooled connection whose reads wait at most the bound. */
    private Connection connect() throws SQLException {
        Connection c = dataSource.getConnection();
        c.setNetworkTimeout(Runnable::run, boundMillis);
        return c;
    }

    /** Which object on which side. */
    public record ObjectRef(Target target, String resource, String namespace, String name) {
    }

    /**
     * One write waiting in the outbox.
     *
     * @param object the state to write; empty: the object is deleted (unless {@code reread})
     * @param reread the state is read from the other side when the entry is applied (a write a stopped gateway left)
     */
    public record OutboxEntry(long id, long seq, ObjectRef ref, Optional<ObjectNode> object, boolean reread, int attempts,
                              String lastError, Instant createdAt) {
    }

    /** A dual-write under way: its first side is {@code source}; an empty name is a create that named no object. */
    public record Intent(long id, String nodeId, Target source, String resource, String namespace, String name, Instant startedAt) {
    }

    /** A copied write, for the dual-write report. */
    public record WriteRecord(ObjectRef ref, Optional<Mode> mode, String outcome, boolean retry, String detail, String paths,
                              double sourceMs, double targetMs) {
    }

    /** The number that orders a newly observed write after every earlier one. */
    public long nextSeq() {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT nextval('dual_write_seq')");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw unavailable("number a write", e);
        }
    }

    /** The seq of the last write applied to {@code ref}, 0 for none. */
    public long appliedSeq(ObjectRef ref) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT seq FROM dual_write_applied WHERE target = ? AND resource = ? "
                     + "AND namespace = ? AND object_name = ?")) {
            bind(ps, 1, ref);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw unavailable("read which write was applied", e);
        }
    }

    /** Notes that the write {@code seq} reached {@code ref} (never lowers the number). */
    public void applied(ObjectRef ref, long seq) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("INSERT INTO dual_write_applied (target, resource, namespace, object_name, seq) "
                     + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (target, resource, namespace, object_name) "
                     + "DO UPDATE SET seq = GREATEST(dual_write_applied.seq, excluded.seq)")) {
            bind(ps, 1, ref);
            ps.setLong(5, seq);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("note an applied write", e);
        }
    }

    public void record(WriteRecord write) {
        try (Connection c = connect()) {
            insertRecord(c, write);
        } catch (SQLException e) {
            throw unavailable("record a dual write", e);
        }
    }

    private static void insertRecord(Connection c, WriteRecord write) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO dual_write (resource, namespace, object_name, mode, target, outcome, "
                     + "retry, detail, paths, source_ms, target_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)")) {
            ps.setString(1, write.ref().resource());
            ps.setString(2, write.ref().namespace());
            ps.setString(3, write.ref().name());
            ps.setInt(4, write.mode().map(Mode::number).orElse(0)); // an outbox retry is stored as 0
            ps.setString(5, write.ref().target().label());
            ps.setString(6, write.outcome());
            ps.setBoolean(7, write.retry());
            ps.setString(8, write.detail());
            ps.setString(9, write.paths());
            ps.setDouble(10, write.sourceMs());
            ps.setDouble(11, write.targetMs());
            ps.executeUpdate();
        }
    }

    /** Puts a write into the outbox, due at once. */
    public long enqueue(ObjectRef ref, long seq, Optional<ObjectNode> object, String error) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("INSERT INTO dual_write_outbox (seq, target, resource, namespace, object_name, "
                     + "object, attempts, last_error) VALUES (?, ?, ?, ?, ?, ?::jsonb, 1, ?) RETURNING id")) {
            ps.setLong(1, seq);
            bind(ps, 2, ref);
            if (object.isPresent()) {
                ps.setString(6, object.get().toString());
            } else {
                ps.setNull(6, Types.VARCHAR);
            }
            ps.setString(7, error);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw unavailable("queue a write in the outbox", e);
        }
    }

    /** Writes down a dual-write about to start on {@code source}, before anything is written; its id. */
    public long openIntent(String nodeId, Target source, String resource, String namespace, String name) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("INSERT INTO dual_write_intent (node_id, source, resource, namespace, object_name) "
                     + "VALUES (?, ?, ?, ?, ?) RETURNING id")) {
            ps.setString(1, nodeId);
            ps.setString(2, source.label());
            ps.setString(3, resource);
            ps.setString(4, namespace);
            ps.setString(5, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw unavailable("write down a dual-write", e);
        }
    }

    /** Forgets a dual-write whose second side has it, or whose outbox entry does. */
    public void closeIntent(long id) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("DELETE FROM dual_write_intent WHERE id = ?")) {
            ps.setLong(1, id);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("forget a dual-write", e);
        }
    }

    /**
     * Takes over the dual-writes of gateways that stopped without a clean stop (their node row is gone, or has not
     * beaten for {@code silence}): each is deleted, in the same transaction as an outbox entry that re-reads its object
     * from its first side for the other (for a create that named no object, one per object its first side made in the
     * namespace since it started) and a write record of the outage. One replica takes each (the delete's row lock). The
     * intents taken, oldest first.
     */
    public List<Intent> takeOverOrphans(Duration silence, int limit, LegacyChangedRows legacyChanged) {
        String sql = "DELETE FROM dual_write_intent WHERE id IN (SELECT i.id FROM dual_write_intent i LEFT JOIN gateway_node n "
                + "ON n.node_id = i.node_id WHERE n.node_id IS NULL OR n.last_seen < now() - ?::interval ORDER BY i.id LIMIT ? "
                + "FOR UPDATE OF i SKIP LOCKED) RETURNING id, node_id, source, resource, namespace, object_name, started_at";
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try {
                List<Intent> taken = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, silence.toMillis() + " milliseconds");
                    ps.setInt(2, limit);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            taken.add(new Intent(rs.getLong(1), rs.getString(2), Target.of(rs.getString(3)), rs.getString(4),
                                    rs.getString(5), rs.getString(6), rs.getTimestamp(7).toInstant()));
                        }
                    }
                }
                for (Intent intent : taken) {
                    Target other = intent.source() == Target.LEGACY ? Target.UNIFIED : Target.LEGACY;
                    String why = "gateway " + intent.nodeId() + " stopped during this write (started " + intent.startedAt() + ")";
                    Optional<List<String>> names = intent.name().isEmpty() ? madeSince(c, intent, legacyChanged) : Optional.of(List.of(intent.name()));
                    for (String name : names.orElse(List.of())) {
                        try (PreparedStatement ps = c.prepareStatement("INSERT INTO dual_write_outbox (seq, target, resource, namespace, "
                                + "object_name, object, reread, attempts, last_error) VALUES (nextval('dual_write_seq'), ?, ?, ?, ?, NULL, "
                                + "true, 0, ?)")) {
                            bind(ps, 1, new ObjectRef(other, intent.resource(), intent.namespace(), name));
                            ps.setString(5, why);
                            ps.executeUpdate();
                        }
                    }
                    insertRecord(c, new WriteRecord(new ObjectRef(other, intent.resource(), intent.namespace(), intent.name()),
                            Optional.empty(), "failed", false, why + (names.isEmpty()
                            ? "; the object it made is not known: verify or copy again"
                            : "; " + names.get().size() + " object(s) re-read for the " + other.label() + " side"), "[]", 0, 0));
                }
                c.commit();
                return taken;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw unavailable("take over the dual-writes of stopped gateways", e);
        }
    }

    /** Where the legacy rows of a resource changed since a time are found: the names of those of one namespace. */
    @FunctionalInterface
    public interface LegacyChangedRows {
        /** Empty when the legacy tables cannot be read (no {@code legacy.database-url}). */
        Optional<List<String>> since(String resource, String namespace, Instant since);
    }

    /** How long before a left write's start its object may have been made there (clocks of two hosts). */
    private static final Duration CLOCK_MARGIN = Duration.ofMinutes(1);

    /**
     * The objects a left create may have made, which it named to no one: what its first store wrote in the namespace
     * since it started (unified storage: its history, whose resource versions are microseconds of the clock; the legacy
     * side: the rows updated since). Empty when that cannot be told.
     */
    private static Optional<List<String>> madeSince(Connection c, Intent intent, LegacyChangedRows legacyChanged) throws SQLException {
        Instant since = intent.startedAt().minus(CLOCK_MARGIN);
        if (intent.source() == Target.LEGACY) {
            return legacyChanged.since(intent.resource(), intent.namespace(), since);
        }
        int dot = intent.resource().indexOf('.');
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT name FROM resource_history WHERE \"group\" = ? AND resource = ? "
                + "AND namespace = ? AND resource_version >= ? LIMIT 10000")) {
            ps.setString(1, intent.resource().substring(dot + 1));
            ps.setString(2, intent.resource().substring(0, dot));
            ps.setString(3, intent.namespace());
            ps.setLong(4, since.getEpochSecond() * 1_000_000 + since.getNano() / 1_000);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return Optional.of(names);
    }

    /**
     * Takes up to {@code limit} due entries, oldest first, and hides them from other replicas for {@code lease} (an
     * entry whose taker dies comes back then).
     */
    public List<OutboxEntry> claimDue(int limit, Duration lease) {
        String sql = "UPDATE dual_write_outbox SET next_attempt_at = now() + ?::interval WHERE id IN (SELECT id FROM dual_write_outbox "
                + "WHERE done_at IS NULL AND next_attempt_at <= now() ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED) "
                + "RETURNING id, seq, target, resource, namespace, object_name, object, reread, attempts, last_error, created_at";
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, lease.toMillis() + " milliseconds");
            ps.setInt(2, limit);
            List<OutboxEntry> entries = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    entries.add(entry(rs));
                }
            }
            entries.sort(Comparator.comparingLong(OutboxEntry::seq));
            return entries;
        } catch (SQLException e) {
            throw unavailable("take due outbox entries", e);
        }
    }

    /** Closes an entry: {@code resolution} is {@code applied}, {@code superseded} or an operator's reason. */
    public boolean close(long id, String resolution) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("UPDATE dual_write_outbox SET done_at = now(), resolution = ? "
                     + "WHERE id = ? AND done_at IS NULL")) {
            ps.setString(1, resolution);
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw unavailable("close an outbox entry", e);
        }
    }

    /** Counts a failed attempt and makes the entry due again after {@code backoff}. */
    public void retryLater(long id, String error, Duration backoff) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("UPDATE dual_write_outbox SET attempts = attempts + 1, last_error = ?, "
                     + "next_attempt_at = now() + ?::interval WHERE id = ? AND done_at IS NULL")) {
            ps.setString(1, error);
            ps.setString(2, backoff.toMillis() + " milliseconds");
            ps.setLong(3, id);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("reschedule an outbox entry", e);
        }
    }

    /** Entries not yet applied or resolved, oldest first, at most {@code limit}. */
    public List<OutboxEntry> pending(int limit) {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT id, seq, target, resource, namespace, object_name, object, reread, attempts, "
                     + "last_error, created_at FROM dual_write_outbox WHERE done_at IS NULL ORDER BY seq LIMIT ?")) {
            ps.setInt(1, limit);
            List<OutboxEntry> entries = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    entries.add(entry(rs));
                }
            }
            return entries;
        } catch (SQLException e) {
            throw unavailable("list the outbox", e);
        }
    }

    /** Pending entries of {@code resource}, in {@code namespace} or in all of them. */
    public long depth(String resource, Optional<String> namespace) {
        return count("SELECT count(*) FROM dual_write_outbox WHERE done_at IS NULL AND resource = ?", resource, namespace);
    }

    /** A resource's pending entries: how many, and the oldest one's age by the database's clock, which wrote it. */
    public record Pending(long count, double oldestAgeSeconds) {
    }

    /** Pending entries per resource with the oldest one's age, for the outbox gauges: one grouped query per scrape. */
    public Map<String, Pending> pendingByResource() {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT resource, count(*), extract(epoch FROM now() - min(created_at)) "
                     + "FROM dual_write_outbox WHERE done_at IS NULL GROUP BY resource")) {
            Map<String, Pending> pending = new HashMap<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    pending.put(rs.getString(1), new Pending(rs.getLong(2), Math.max(0, rs.getDouble(3))));
                }
            }
            return pending;
        } catch (SQLException e) {
            throw unavailable("count the outbox", e);
        }
    }

    /** How many writes of {@code resource} were ever copied (0: dual-write never ran for it). */
    public long writes(String resource, Optional<String> namespace) {
        return count("SELECT count(*) FROM (SELECT 1 FROM dual_write WHERE resource = ?", resource, namespace, " LIMIT 1) any_write");
    }

    /** When a write of {@code resource} last failed on its second side. */
    public Optional<Instant> lastFailure(String resource, Optional<String> namespace) {
        String sql = "SELECT max(written_at) FROM dual_write WHERE resource = ? " + (namespace.isPresent() ? "AND namespace = ? " : "")
                + "AND outcome IN ('failed', 'queued', 'compensated')";
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, resource);
            if (namespace.isPresent()) {
                ps.setString(2, namespace.get());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Timestamp at = rs.getTimestamp(1);
                return at == null ? Optional.empty() : Optional.of(at.toInstant());
            }
        } catch (SQLException e) {
            throw unavailable("read the last write outage", e);
        }
    }

    /** Deletes write records and closed outbox entries older than {@code before}; how many. */
    public int deleteOlderThan(Instant before) {
        try (Connection c = connect();
             PreparedStatement records = c.prepareStatement("DELETE FROM dual_write WHERE written_at < ?");
             PreparedStatement closed = c.prepareStatement("DELETE FROM dual_write_outbox WHERE done_at < ?")) {
            records.setTimestamp(1, Timestamp.from(before));
            closed.setTimestamp(1, Timestamp.from(before));
            return records.executeUpdate() + closed.executeUpdate();
        } catch (SQLException e) {
            throw unavailable("delete old dual-write records", e);
        }
    }

    private long count(String select, String resource, Optional<String> namespace) {
        return count(select, resource, namespace, "");
    }

    private long count(String select, String resource, Optional<String> namespace, String suffix) {
        String sql = select + (namespace.isPresent() ? " AND namespace = ?" : "") + suffix;
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, resource);
            if (namespace.isPresent()) {
                ps.setString(2, namespace.get());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw unavailable("count dual writes", e);
        }
    }

    private static OutboxEntry entry(ResultSet rs) throws SQLException {
        String object = rs.getString("object");
        ObjectRef ref = new ObjectRef(Target.of(rs.getString("target")), rs.getString("resource"), rs.getString("namespace"),
                rs.getString("object_name"));
        return new OutboxEntry(rs.getLong("id"), rs.getLong("seq"), ref,
                object == null ? Optional.empty() : Optional.of((ObjectNode) Json.tree(object)), rs.getBoolean("reread"), rs.getInt("attempts"),
                rs.getString("last_error"), rs.getTimestamp("created_at").toInstant());
    }

    private static void bind(PreparedStatement ps, int first, ObjectRef ref) throws SQLException {
        ps.setString(first, ref.target().label());
        ps.setString(first + 1, ref.resource());
        ps.setString(first + 2, ref.namespace());
        ps.setString(first + 3, ref.name());
    }

    private static StorageUnavailableException unavailable(String what, SQLException e) {
        return new StorageUnavailableException("cannot " + what + ": " + e.getMessage(), e);
    }
}
