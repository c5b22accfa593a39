package io.migrationgateway.storage.sql;

import io.migrationgateway.storage.StorageUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Runs each storage operation as one transaction and turns database failures into
 * {@link StorageUnavailableException}s that name the operation (the driver's own message stays in the cause,
 * for the log; it never reaches a client).
 */
final class Transactions {
    /** The work of one transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final DataSource dataSource;

    Transactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * At the connection's isolation, PostgreSQL's default READ COMMITTED: enough for writes, which serialize on
     * their group-resource's counter row lock and then see every earlier write.
     */
    <T> T readCommitted(String operation, Work<T> work) {
        return run(operation, false, work);
    }

    /** REPEATABLE READ, read only: several statements that must see one snapshot (a list page and its version). */
    <T> T snapshot(String operation, Work<T> work) {
        return run(operation, true, work);
    }

    /**
     * One statement in autocommit mode: a single read needs no transaction of its own (and saves the round trip
     * of a COMMIT).
     */
    <T> T single(String operation, Work<T> work) {
        return withConnection(operation, work);
    }

    /**
     * Work that manages its own transaction on a pooled connection, through {@link #inTransaction}: for a write
     * that must take an in-process lock only once it has its connection.
     */
    <T> T withConnection(String operation, Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw unavailable(operation, e);
        }
    }

    /** Runs {@code work} as one READ COMMITTED transaction on {@code c}, committed or rolled back before returning. */
    static <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
        return transaction(c, false, work);
    }

    private <T> T run(String operation, boolean snapshot, Work<T> work) {
        return withConnection(operation, c -> transaction(c, snapshot, work));
    }

    private static <T> T transaction(Connection c, boolean snapshot, Work<T> work) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            if (snapshot) {
                // Set per transaction rather than on the connection: no reset needed before it goes back to a pool.
                try (Statement s = c.createStatement()) {
                    s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
                }
            }
            T result = work.run(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static StorageUnavailableException unavailable(String operation, SQLException e) {
        return new StorageUnavailableException(
            "unified storage could not " + operation + " (SQLState " + e.getSQLState() + ")", e);
    }
}
