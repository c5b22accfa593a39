package io.migrationgateway.jobs.store;

import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobException;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.flags.gate.GateEvidence.Verification;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The jobs' tables: jobs and their states, slices and their claims, checkpoints, findings and verification results.
 * Methods that take a {@link Connection} run in the caller's transaction (a chunk's); the others run their own.
 */
public final class JobRepository {
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String COUNTS = "coalesce(sum(processed), 0), coalesce(sum(created), 0), "
        + "coalesce(sum(updated), 0), coalesce(sum(unchanged), 0), coalesce(sum(skipped_newer), 0), "
        + "coalesce(sum(unconvertible), 0), coalesce(sum(matching), 0), coalesce(sum(mismatched), 0), "
        + "coalesce(sum(missing), 0), coalesce(sum(extra), 0)";

    /** The slice bounds of a job being planned, computed while its row is locked. */
    @FunctionalInterface
    public interface Planner {
        Plan plan() throws SQLException;
    }

    /**
     * @param bounds    the ids that end every slice but the last (which has no end)
     * @param rowsTotal the rows in scope
     * @param watermark the legacy clock now, for the catch-up
     */
    public record Plan(List<Long> bounds, long rowsTotal, LocalDateTime watermark) {
    }

    /** Work on one transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final DataSource dataSource;

    public JobRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** A new running job. */
    public long create(JobSpec spec) throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO migration_job (kind, resource, namespace, rate, "
                + "state, phase) VALUES (?, ?, ?, ?, 'running', 'planning') RETURNING id")) {
                ps.setString(1, spec.kind().word());
                ps.setString(2, spec.resource());
                ps.setString(3, spec.namespace().orElse(""));
                ps.setLong(4, spec.rate());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            } catch (SQLException e) {
                if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw new JobException(JobException.Reason.ALREADY_ACTIVE, "a " + spec.describe()
                        + " job is already running or paused; pause, resume or cancel it");
                }
                throw e;
            }
        });
    }

    public Optional<JobStatus> status(long id) throws SQLException {
        List<JobStatus> found = statuses("WHERE j.id = " + id, 1);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    /** The newest jobs first. */
    public List<JobStatus> list(int limit) throws SQLException {
        return statuses("", limit);
    }

    /** Ids of the running jobs that still have a slice to work on. */
    public List<Long> runnable() throws SQLException {
        return inTransaction(c -> {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT j.id FROM migration_job j WHERE j.state = 'running' "
                + "AND (j.phase = 'planning' OR EXISTS (SELECT 1 FROM migration_job_slice s WHERE s.job_id = j.id "
                + "AND NOT s.done)) ORDER BY j.id");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            return ids;
        });
    }

    public JobState state(long id) throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT state FROM migration_job WHERE id = ?")) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw notFound(id);
                    }
                    return JobState.of(rs.getString(1));
                }
            }
        });
    }

    /**
     * Moves the job to {@code to} when it is in one of {@code from}.
     *
     * @throws JobException NOT_FOUND, or WRONG_STATE naming the state it is in
     */
    public void transition(long id, Set<JobState> from, JobState to, String message) throws SQLException {
        inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE migration_job SET state = ?, message = ?, "
                + "finished_at = CASE WHEN ? THEN now() ELSE finished_at END WHERE id = ? AND state = ANY(?)")) {
                ps.setString(1, to.word());
                ps.setString(2, message);
                ps.setBoolean(3, !to.active());
                ps.setLong(4, id);
                ps.setArray(5, c.createArrayOf("text", from.stream().map(JobState::word).toArray()));
                if (ps.executeUpdate() == 0) {
                    JobState now = stateIn(c, id);
                    throw new JobException(JobException.Reason.WRONG_STATE, "job " + id + " is " + now.word()
                        + "; it must be " + from.stream().map(JobState::word).collect(Collectors.joining(" or ")));
                }
            }
            return null;
        });
    }

    /** Plans the job's slices unless another runner did: slices 0..n and the final one. */
    public void planOnce(long id, Planner planner) throws SQLException {
        inTransaction(c -> {
            try (PreparedStatement lock = c.prepareStatement(
                "SELECT phase FROM migration_job WHERE id = ? FOR NO KEY UPDATE")) {
                lock.setLong(1, id);
                try (ResultSet rs = lock.executeQuery()) {
                    if (!rs.next()) {
                        throw notFound(id);
                    }
                    if (!rs.getString(1).equals("planning")) {
                        return null;
                    }
                }
            }
            Plan plan = planner.plan();
            try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO migration_job_slice (job_id, slice, lo, hi) VALUES (?, ?, ?, ?)")) {
                long lo = 0;
                int slice = 0;
                for (long bound : plan.bounds()) {
                    addSlice(ps, id, slice++, lo, bound);
                    lo = bound;
                }
                addSlice(ps, id, slice, lo, null);
                addSlice(ps, id, SliceClaim.FINAL, 0, null);
                ps.executeBatch();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE migration_job SET phase = 'working', rows_total = ?, "
                + "watermark = ? WHERE id = ?")) {
                ps.setLong(1, plan.rowsTotal());
                ps.setObject(2, plan.watermark());
                ps.setLong(3, id);
                ps.executeUpdate();
            }
            return null;
        });
    }

    private static void addSlice(PreparedStatement ps, long id, int slice, long lo, Long hi) throws SQLException {
        ps.setLong(1, id);
        ps.setInt(2, slice);
        ps.setLong(3, lo);
        ps.setObject(4, hi);
        ps.addBatch();
    }

    /**
     * Claims the next slice nobody works on: the lowest unfinished one, or the final step once every other slice is
     * done. Empty when there is none.
     */
    public Optional<SliceClaim> claim(long jobId) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT slice, lo, hi FROM migration_job_slice s "
                + "WHERE job_id = ? AND NOT done AND (slice <> " + SliceClaim.FINAL + " OR NOT EXISTS (SELECT 1 FROM "
                + "migration_job_slice o WHERE o.job_id = s.job_id AND o.slice <> " + SliceClaim.FINAL + " AND NOT o.done)) "
                + "ORDER BY slice LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED")) {
                ps.setLong(1, jobId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        long hi = rs.getLong(3);
                        boolean open = rs.wasNull();
                        return Optional.of(new SliceClaim(jobId, rs.getInt(1), rs.getLong(2), open ? Long.MAX_VALUE : hi, c));
                    }
                }
            }
            c.rollback();
            c.close();
            return Optional.empty();
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Whether every slice of the job, the final step included, is done. */
    public boolean allDone(long jobId) throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                "SELECT NOT EXISTS (SELECT 1 FROM migration_job_slice WHERE job_id = ? AND NOT done)")) {
                ps.setLong(1, jobId);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getBoolean(1);
                }
            }
        });
    }

    public Optional<LocalDateTime> watermark(long jobId) throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT watermark FROM migration_job WHERE id = ?")) {
                ps.setLong(1, jobId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getObject(1, LocalDateTime.class)) : Optional.empty();
                }
            }
        });
    }

    public Checkpoint checkpoint(long jobId, int slice) throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT max(last_key), max(last_name), " + COUNTS
                + " FROM migration_job_checkpoint WHERE job_id = ? AND slice = ?")) {
                ps.setLong(1, jobId);
                ps.setInt(2, slice);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return new Checkpoint(rs.getLong(1), rs.getString(2) == null ? "" : rs.getString(2), counts(rs, 3));
                }
            }
        });
    }

    /** The counts of the job's slices from {@code firstSlice} on, in the caller's transaction. */
    public Counts checkpointTotals(Connection c, long jobId, int firstSlice) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COUNTS + " FROM migration_job_checkpoint "
            + "WHERE job_id = ? AND slice >= ?")) {
            ps.setLong(1, jobId);
            ps.setInt(2, firstSlice);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return counts(rs, 1);
            }
        }
    }

    /** Moves a slice's checkpoint to {@code lastKey}/{@code lastName} and adds {@code delta} to its counts. */
    public void advance(Connection c, long jobId, int slice, long lastKey, String lastName, Counts delta)
        throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO migration_job_checkpoint AS k (job_id, slice, "
            + "last_key, last_name, processed, created, updated, unchanged, skipped_newer, unconvertible, matching, "
            + "mismatched, missing, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (job_id, slice) DO UPDATE SET last_key = excluded.last_key, last_name = excluded.last_name, "
            + "processed = k.processed + excluded.processed, created = k.created + excluded.created, "
            + "updated = k.updated + excluded.updated, unchanged = k.unchanged + excluded.unchanged, "
            + "skipped_newer = k.skipped_newer + excluded.skipped_newer, "
            + "unconvertible = k.unconvertible + excluded.unconvertible, matching = k.matching + excluded.matching, "
            + "mismatched = k.mismatched + excluded.mismatched, missing = k.missing + excluded.missing, "
            + "extra = k.extra + excluded.extra")) {
            ps.setLong(1, jobId);
            ps.setInt(2, slice);
            ps.setLong(3, lastKey);
            ps.setString(4, lastName);
            long[] values = {delta.processed(), delta.created(), delta.updated(), delta.unchanged(), delta.skippedNewer(),
                delta.unconvertible(), delta.matching(), delta.mismatched(), delta.missing(), delta.extra()};
            for (int i = 0; i < values.length; i++) {
                ps.setLong(5 + i, values[i]);
            }
            ps.executeUpdate();
        }
    }

    /** Records findings; one already recorded for the same row (a chunk done twice) is kept once. */
    public void addFindings(Connection c, long jobId, List<Finding> findings) throws SQLException {
        if (findings.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO migration_job_finding (job_id, kind, namespace, name, "
            + "legacy_id, paths, detail) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            for (Finding f : findings) {
                ps.setLong(1, jobId);
                ps.setString(2, f.kind());
                ps.setString(3, f.namespace());
                ps.setString(4, f.name());
                ps.setLong(5, f.legacyId());
                ps.setArray(6, c.createArrayOf("text", f.paths().toArray()));
                ps.setString(7, f.detail());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Runs {@code work} as one transaction on a connection of the jobs' database. */
    public <T> T inTransaction(Work<T> work) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    public List<Finding> findings(long jobId, int limit) throws SQLException {
        return inTransaction(c -> {
            List<Finding> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT kind, namespace, name, legacy_id, paths, detail "
                + "FROM migration_job_finding WHERE job_id = ? ORDER BY kind, namespace, name, legacy_id LIMIT ?")) {
                ps.setLong(1, jobId);
                ps.setInt(2, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Array paths = rs.getArray(5);
                        out.add(new Finding(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4),
                            Arrays.asList((String[]) paths.getArray()), rs.getString(6)));
                    }
                }
            }
            return out;
        });
    }

    /** Records a finished verification, in the caller's transaction. */
    public void saveVerification(Connection c, long jobId, JobSpec spec, String direction, Counts counts)
        throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO migration_verification (job_id, resource, namespace, "
            + "direction, finished_at, processed, matching, mismatched, missing, extra, unconvertible) "
            + "VALUES (?, ?, ?, ?, now(), ?, ?, ?, ?, ?, ?) ON CONFLICT (job_id) DO NOTHING")) {
            ps.setLong(1, jobId);
            ps.setString(2, spec.resource());
            ps.setString(3, spec.namespace().orElse(""));
            ps.setString(4, direction);
            ps.setLong(5, counts.processed());
            ps.setLong(6, counts.matching());
            ps.setLong(7, counts.mismatched());
            ps.setLong(8, counts.missing());
            ps.setLong(9, counts.extra());
            ps.setLong(10, counts.unconvertible());
            ps.executeUpdate();
        }
    }

    /**
     * The latest verification of {@code resource} in {@code namespace} ("" for every namespace) in {@code direction};
     * unconvertible rows count as mismatched, since they are not on the other side as they should be.
     */
    public Optional<Verification> latestVerification(String resource, String namespace, String direction)
        throws SQLException {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT finished_at, processed, mismatched + unconvertible, "
                + "missing, extra FROM migration_verification WHERE resource = ? AND namespace = ? AND direction = ? "
                + "ORDER BY finished_at DESC, job_id DESC LIMIT 1")) {
                ps.setString(1, resource);
                ps.setString(2, namespace);
                ps.setString(3, direction);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Verification(rs.getTimestamp(1).toInstant(), rs.getLong(2),
                        rs.getLong(3), rs.getLong(4), rs.getLong(5))) : Optional.empty();
                }
            }
        });
    }

    /** Ends the job (succeeded or failed) unless it was paused or cancelled meanwhile. */
    public void end(long jobId, JobState state, String message) throws SQLException {
        inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE migration_job SET state = ?, phase = 'done', "
                + "message = ?, finished_at = now() WHERE id = ? AND state = 'running'")) {
                ps.setString(1, state.word());
                ps.setString(2, message);
                ps.setLong(3, jobId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    private List<JobStatus> statuses(String where, int limit) throws SQLException {
        return inTransaction(c -> {
            List<JobStatus> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT j.id, j.kind, j.resource, j.namespace, j.state, "
                + "j.phase, j.created_at, j.finished_at, j.rows_total, j.message, j.rate, k.* FROM migration_job j "
                + "LEFT JOIN LATERAL (SELECT " + COUNTS + " FROM migration_job_checkpoint WHERE job_id = j.id) k ON true "
                + where + " ORDER BY j.id DESC LIMIT ?")) {
                ps.setInt(1, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String namespace = rs.getString(4);
                        Timestamp finished = rs.getTimestamp(8);
                        JobSpec spec = new JobSpec(JobKind.of(rs.getString(2)).orElseThrow(), rs.getString(3),
                            namespace.isEmpty() ? Optional.empty() : Optional.of(namespace), rs.getLong(11));
                        out.add(new JobStatus(rs.getLong(1), spec, JobState.of(rs.getString(5)), rs.getString(6),
                            rs.getTimestamp(7).toInstant(), Optional.ofNullable(finished).map(Timestamp::toInstant),
                            rs.getLong(9), counts(rs, 12), rs.getString(10)));
                    }
                }
            }
            return out;
        });
    }

    private static Counts counts(ResultSet rs, int first) throws SQLException {
        long[] v = new long[10];
        for (int i = 0; i < v.length; i++) {
            v[i] = rs.getLong(first + i);
        }
        return new Counts(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
    }

    private static JobState stateIn(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT state FROM migration_job WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw notFound(id);
                }
                return JobState.of(rs.getString(1));
            }
        }
    }

    private static JobException notFound(long id) {
        return new JobException(JobException.Reason.NOT_FOUND, "no job " + id);
    }
}
