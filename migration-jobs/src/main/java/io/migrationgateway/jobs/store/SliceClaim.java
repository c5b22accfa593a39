package io.migrationgateway.jobs.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A slice this runner works on: its row stays locked by an open transaction on a connection of its own until
 * {@link #finish} or {@link #close}, so no other runner claims it, and a runner that dies (kill -9 included) releases
 * it with its connection.
 *
 * @param lo keys above it are the slice's
 * @param hi the slice's last key, {@code Long.MAX_VALUE} for the open end
 */
public record SliceClaim(long jobId, int slice, long lo, long hi, Connection connection) implements AutoCloseable {
    /** The job's last step (catch-up, totals). */
    public static final int FINAL = Integer.MAX_VALUE;

    public boolean isFinal() {
        return slice == FINAL;
    }

    /** Marks the slice done and releases it. */
    public void finish() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
            "UPDATE migration_job_slice SET done = true WHERE job_id = ? AND slice = ?")) {
            ps.setLong(1, jobId);
            ps.setInt(2, slice);
            ps.executeUpdate();
        }
        connection.commit();
    }

    /** Releases the slice unfinished (paused, cancelled, failed): a later runner resumes it from its checkpoint. */
    @Override
    public void close() throws SQLException {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        } finally {
            connection.close();
        }
    }
}
