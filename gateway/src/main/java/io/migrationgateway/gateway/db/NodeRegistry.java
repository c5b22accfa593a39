package io.migrationgateway.gateway.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The {@code gateway_node} table: one row per running gateway process sharing the database, refreshed by
 * {@link #heartbeat()} and removed on a clean stop, so operators can see which replicas are alive.
 */
public final class NodeRegistry {
    /** One registered gateway process. */
    public record Node(String nodeId, String version, Instant startedAt, Instant lastSeen) {
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final String nodeId;

    public NodeRegistry(DataSource dataSource, Clock clock, String nodeId) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.nodeId = nodeId;
    }

    public String nodeId() {
        return nodeId;
    }

    public void register(String version) throws SQLException {
        Timestamp now = Timestamp.from(clock.instant());
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     INSERT INTO gateway_node (node_id, version, started_at, last_seen) VALUES (?, ?, ?, ?)
                     ON CONFLICT (node_id) DO UPDATE SET version = EXCLUDED.version,
                         started_at = EXCLUDED.started_at, last_seen = EXCLUDED.last_seen""")) {
            ps.setString(1, nodeId);
            ps.setString(2, version);
            ps.setTimestamp(3, now);
            ps.setTimestamp(4, now);
            ps.executeUpdate();
        }
    }

    public void heartbeat() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE gateway_node SET last_seen = ? WHERE node_id = ?")) {
            ps.setTimestamp(1, Timestamp.from(clock.instant()));
            ps.setString(2, nodeId);
            ps.executeUpdate();
        }
    }

    public void deregister() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM gateway_node WHERE node_id = ?")) {
            ps.setString(1, nodeId);
            ps.executeUpdate();
        }
    }

    public List<Node> nodes() throws SQLException {
        List<Node> nodes = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT node_id, version, started_at, last_seen FROM gateway_node ORDER BY node_id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                nodes.add(new Node(rs.getString(1), rs.getString(2), rs.getTimestamp(3).toInstant(), rs.getTimestamp(4).toInstant()));
            }
        }
        return nodes;
    }
}
