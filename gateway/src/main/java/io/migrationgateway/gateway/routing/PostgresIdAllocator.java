package io.migrationgateway.gateway.routing;

import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.IdAllocator;
import io.migrationgateway.model.KindDeclaration;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * New legacy ids from PostgreSQL sequences in the gateway's schema ({@code V2__legacy_id_sequences.sql}: why they
 * start at 1,000,000,000), so that every replica hands out distinct ids. Dashboards and folders draw from one
 * sequence, as they share Grafana's {@code dashboard} table; playlists from another. Thread-safe; one short
 * statement per id.
 */
final class PostgresIdAllocator implements IdAllocator {
    private static final String DASHBOARD_IDS = "SELECT nextval('legacy_dashboard_id')";
    private static final String PLAYLIST_IDS = "SELECT nextval('legacy_playlist_id')";

    private final DataSource dataSource;

    PostgresIdAllocator(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @throws IllegalArgumentException for a kind without a legacy id space
     * @throws StorageUnavailableException when the database cannot hand one out
     */
    @Override
    public long nextId(KindDeclaration kind) {
        String next = switch (kind.group()) {
            case "dashboard.grafana.app", "folder.grafana.app" -> DASHBOARD_IDS;
            case "playlist.grafana.app" -> PLAYLIST_IDS;
            default -> throw new IllegalArgumentException("no legacy id space for " + kind.qualifiedResource());
        };
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(next);
             ResultSet result = statement.executeQuery()) {
            result.next();
            return result.getLong(1);
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot allocate a legacy id for " + kind.qualifiedResource() + ": " + e.getMessage(), e);
        }
    }
}
