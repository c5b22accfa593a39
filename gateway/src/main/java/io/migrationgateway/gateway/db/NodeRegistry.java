package io.migrationgateway.gateway.db;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.ResourceModes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The {@code gateway_node} table: one row per running gateway process sharing the database, refreshed by
 * {@link #heartbeat()} and removed on a clean stop, so operators can see which replicas are alive and which migration
 * modes each serves.
 */
public final class NodeRegistry {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, ServedMode>> SERVED = new TypeReference<>() {
    };

    /**
     * One registered gateway process.
     *
     * @param live   whether its last heartbeat is recent enough for it to count as running
     * @param serves the flag of every resource as this process serves it, by resource
     */
    public record Node(String nodeId, String version, Instant startedAt, Instant lastSeen, boolean live,
                       Map<String, ServedMode> serves) {
    }

    /** A resource's flag as one process serves it, in the admin API's words. */
    public record ServedMode(boolean enabled, int mode, String namespaceOverrides) {
        static ServedMode of(ResourceModes modes) {
            return new ServedMode(modes.enabled(), modes.mode().number(), modes.namespacesText());
        }
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final String nodeId;
    private final Duration liveFor;
    private volatile MigrationModes served;

    /** @param liveFor how long after its last heartbeat a process still counts as running */
    public NodeRegistry(DataSource dataSource, Clock clock, String nodeId, Duration liveFor) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.nodeId = nodeId;
        this.liveFor = liveFor;
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

    /** From now on, every heartbeat also records the flags of {@code modes} as this process serves them. */
    public void serve(MigrationModes modes) {
        this.served = modes;
    }

    /**
     * Records that this process is alive and what it serves. Synchronized, and the flags are read inside, so that the
     * last row written holds the latest flags even when a flag change and the scheduled beat write at once.
     */
    public synchronized void heartbeat() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE gateway_node SET last_seen = ?, served_modes = ? WHERE node_id = ?")) {
            ps.setTimestamp(1, Timestamp.from(clock.instant()));
            ps.setString(2, servedJson());
            ps.setString(3, nodeId);
            ps.executeUpdate();
        }
    }

    private String servedJson() {
        Map<String, ServedMode> serves = new LinkedHashMap<>();
        MigrationModes modes = served;
        if (modes != null) {
            modes.resources().forEach(resource -> serves.put(resource, ServedMode.of(modes.state(resource))));
        }
        try {
            return JSON.writeValueAsString(serves);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the served modes as JSON", e);
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
        Instant liveSince = clock.instant().minus(liveFor);
        List<Node> nodes = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT node_id, version, started_at, last_seen, served_modes FROM gateway_node ORDER BY node_id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Instant lastSeen = rs.getTimestamp(4).toInstant();
                nodes.add(new Node(rs.getString(1), rs.getString(2), rs.getTimestamp(3).toInstant(), lastSeen,
                        lastSeen.isAfter(liveSince), served(rs.getString(5))));
            }
        }
        return nodes;
    }

    private static Map<String, ServedMode> served(String json) throws SQLException {
        try {
            return JSON.readValue(json, SERVED);
        } catch (JsonProcessingException e) {
            throw new SQLException("gateway_node.served_modes is not the JSON a gateway writes: " + e.getOriginalMessage(), e);
        }
    }
}
