package io.migrationgateway.gateway.db;

import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.IdAllocator;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * New legacy ids from PostgreSQL sequences in the gateway's schema, so that every replica hands out distinct ids. A
 * sequence a translator names is created on its first use, starting where {@code V2__legacy_id_sequences.sql} says
 * why; a new resource needs no migration of its own. Thread-safe; one short statement per id.
 */
public final class PostgresIdAllocator implements IdAllocator {
    private static final Pattern SEQUENCE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    /** Far above the ids of a legacy deployment and below 2^31 (V2__legacy_id_sequences.sql). */
    private static final long FIRST_ID = 1_000_000_000L;

    private final DataSource dataSource;
    private final Set<String> created = ConcurrentHashMap.newKeySet();

  public   PostgresIdAllocator(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @throws IllegalArgumentException for a name that is no plain lower-case identifier
     * @throws StorageUnavailableException when the database cannot hand one out
     */
    @Override
    public long nextId(String sequence) {
        if (!SEQUENCE_NAME.matcher(sequence).matches()) {
            throw new IllegalArgumentException("not a sequence name: " + sequence);
        }
        try (Connection connection = dataSource.getConnection()) {
            if (!created.contains(sequence)) {
                createIfMissing(connection, sequence);
                created.add(sequence);
            }
            try (PreparedStatement next = connection.prepareStatement("SELECT nextval(?::regclass)")) {
                next.setString(1, sequence);
                try (ResultSet result = next.executeQuery()) {
                    result.next();
                    return result.getLong(1);
                }
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot allocate a legacy id from " + sequence + ": " + e.getMessage(), e);
        }
    }

    private static void createIfMissing(Connection connection, String sequence) throws SQLException {
        try (Statement create = connection.createStatement()) {
            create.execute("CREATE SEQUENCE IF NOT EXISTS " + sequence + " START WITH " + FIRST_ID);
        } catch (SQLException e) {
            // another replica created it between the check and the insert of its catalog row
            if (!"23505".equals(e.getSQLState()) && !"42P07".equals(e.getSQLState())) {
                throw e;
            }
        }
    }
}
