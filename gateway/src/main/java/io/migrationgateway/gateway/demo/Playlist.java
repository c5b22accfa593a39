package io.migrationgateway.gateway.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** A playlist in the simulator's tables: the org whose {@code X-Grafana-Org-Id} reads it, and its uid. */
public record Playlist(long orgId, String uid) {
    static List<Playlist> all(DataSource legacy) {
        List<Playlist> playlists = new ArrayList<>();
        try (Connection c = legacy.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT org_id, uid FROM playlist ORDER BY org_id, id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                playlists.add(new Playlist(rs.getLong(1), rs.getString(2)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the simulator's playlists failed: " + e.getMessage(), e);
        }
        return playlists;
    }
}
