package io.migrationgateway.legacysim.db;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Runs work in one transaction: committed when it returns, rolled back when it throws. */
public final class Transactions {
    private Transactions() {
    }

    /** The work of one transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    public static <T> T inTransaction(DataSource dataSource, Work<T> work) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }
}
