package io.migrationgateway.flags.postgres;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ModeSource;
import io.migrationgateway.flags.mode.ResourceModes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import javax.sql.DataSource;

/**
 * The {@code migration_flag} table. Reads use their own connection; the writes take the caller's connection so
 * that a flip, its audit rows and its change notification commit together or not at all.
 */
public final class PostgresFlagStore implements ModeSource {
    /** The LISTEN/NOTIFY channel; the payload is the resource whose flag changed. */
    public static final String CHANNEL = "migration_flags";

    private final DataSource dataSource;

    public PostgresFlagStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Gives every resource a row (feature off, mode 0) unless it has one, so that flips can lock it. */
    public void ensure(Collection<String> resources) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO migration_flag (resource) VALUES (?) ON CONFLICT DO NOTHING")) {
            for (String resource : resources) {
                ps.setString(1, resource);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public ResourceModes load(String resource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return select(c, resource, "");
        }
    }

    /** The current state of {@code resource}, locked until {@code c}'s transaction ends. */
    public ResourceModes lock(Connection c, String resource) throws SQLException {
        return select(c, resource, " FOR UPDATE");
    }

    /** Stores {@code modes} and tells every replica (at commit) to re-read it. */
    public void save(Connection c, ResourceModes modes, String who, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO migration_flag (resource, enabled, mode, namespace_modes, changed_at, changed_by)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (resource) DO UPDATE SET enabled = EXCLUDED.enabled, mode = EXCLUDED.mode,
                    namespace_modes = EXCLUDED.namespace_modes, changed_at = EXCLUDED.changed_at, changed_by = EXCLUDED.changed_by""")) {
            ps.setString(1, modes.resource());
            ps.setBoolean(2, modes.enabled());
            ps.setInt(3, modes.mode().number());
            ps.setString(4, modes.namespacesText());
            ps.setTimestamp(5, Timestamp.from(at));
            ps.setString(6, who);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify(?, ?)")) {
            ps.setString(1, CHANNEL);
            ps.setString(2, modes.resource());
            ps.execute();
        }
    }

    private static ResourceModes select(Connection c, String resource, String lock) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT enabled, mode, namespace_modes FROM migration_flag WHERE resource = ?" + lock)) {
            ps.setString(1, resource);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return ResourceModes.initial(resource);
                }
                return new ResourceModes(resource, rs.getBoolean(1), Mode.of(rs.getInt(2)),
                        ResourceModes.parseNamespaces(rs.getString(3)));
            }
        }
    }
}
