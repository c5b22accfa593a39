package io.migrationgateway.storage.sql;

import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each storage operation as one transaction and turns database failures into
 * {@link StorageUnavailableException}s that name the operation (the driver's own message stays in the cause,
 * for the log; it never reaches a client).
 */
final class Transactions {
    private static final Logger LOG = LoggerFactory.getLogger(Transactions.class);

    /** The work of one transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final DataSource dataSource;
    private final Duration bound;

    /**
     * @param bound the longest each statement's answer is waited for (the socket's read timeout, which holds when the
     *              server has stopped answering altogether, where a server-side statement timeout would not); zero =
     *              no bound
     */
    Transactions(DataSource dataSource, Duration bound) {
        this.dataSource = dataSource;
        this.bound = bound;
    }

    /** The same database without a bound, for background work whose statements may take long (compaction, indexing). */
    Transactions unbounded() {
        return new Transactions(dataSource, Duration.ZERO);
    }

    /** The bound of this instance's operations (zero: none). */
    Duration bound() {
        return bound;
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
            // set on every borrow: a connection's timeout goes back to the pool's default when it is returned
            c.setNetworkTimeout(Runnable::run, (int) Math.min(Integer.MAX_VALUE, bound.toMillis()));
            return work.run(c);
        } catch (SQLException e) {
            throw failure(operation, e);
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

    /**
     * A data exception (SQLState class 22: a NUL character, a number out of range, text the encoding cannot hold) is
     * the database refusing a value of the request, not an outage: the caller's 400, logged in one line.
     */
    private static RuntimeException failure(String operation, SQLException e) {
        String state = e.getSQLState();
        if (state != null && state.startsWith("22")) {
            LOG.info("unified storage refused a value to {} (SQLState {}): {}", operation, state, e.getMessage());
            return new StorageException(StorageException.Reason.BAD_REQUEST, null,
                "the request holds a value that cannot be stored: " + refusedValue(state));
        }
        return unavailable(operation, e);
    }

    private static String refusedValue(String state) {
        return switch (state) {
            case "22021", "22P05" -> "a NUL character or a character the encoding cannot hold";
            case "22003" -> "a number out of range";
            case "22001" -> "a value too long";
            default -> "a value of the wrong form";
        };
    }

    private static StorageUnavailableException unavailable(String operation, SQLException e) {
        return new StorageUnavailableException(
            "unified storage could not " + operation + " (SQLState " + e.getSQLState() + ")", e);
    }
}
