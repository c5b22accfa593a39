package io.migrationgateway.legacysim.playlist;

import io.migrationgateway.legacysim.db.Transactions;
import io.migrationgateway.legacysim.naming.Names;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Playlists in Grafana's {@code playlist} and {@code playlist_item} tables, with Grafana 9.3's store rules: a
 * generated uid on create, items stored in request order ({@code order} = position, from 1) and replaced as a whole
 * on update, a playlist and its items written or deleted in one transaction. {@code created_at} and
 * {@code updated_at} are epoch milliseconds from the injected clock.
 */
public final class PlaylistStore {
    private final DataSource dataSource;
    private final Clock clock;

    public PlaylistStore(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** A {@code playlist} row. */
    public record Playlist(long id, String uid, String name, String interval) {
    }

    /** A {@code playlist_item} row, as positioned in its playlist; {@code title} is empty when unset. */
    public record Item(String type, String value, String title) {
    }

    /** What a create or an update writes. */
    public record Command(String name, String interval, List<Item> items) {
        public Command {
            items = List.copyOf(items);
        }
    }

    /**
     * The org's playlists whose name contains {@code nameContains} (all when empty), oldest first, at most
     * {@code limit}. The text goes into a SQL {@code LIKE} unescaped, as Grafana passes it.
     */
    public List<Playlist> search(long orgId, String nameContains, int limit) throws SQLException {
        String sql = "SELECT id, uid, name, \"interval\" FROM playlist WHERE org_id = ?"
                + (nameContains.isEmpty() ? "" : " AND name LIKE ?") + " ORDER BY id LIMIT ?";
        List<Playlist> playlists = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            ps.setLong(i++, orgId);
            if (!nameContains.isEmpty()) {
                ps.setString(i++, "%" + nameContains + "%");
            }
            ps.setInt(i, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    playlists.add(playlist(rs));
                }
            }
        }
        return playlists;
    }

    public Optional<Playlist> byUid(long orgId, String uid) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return byUid(c, orgId, uid, false);
        }
    }

    /** The playlist's items in their order. */
    public List<Item> items(long playlistId) throws SQLException {
        List<Item> items = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT type, value, title FROM playlist_item WHERE playlist_id = ? ORDER BY \"order\", id")) {
            ps.setLong(1, playlistId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    items.add(new Item(rs.getString(1), rs.getString(2), rs.getString(3)));
                }
            }
        }
        return items;
    }

    public Playlist create(long orgId, Command command) throws SQLException {
        long now = clock.millis();
        String uid = Names.newUid();
        return inTransaction(c -> {
            long id;
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO playlist (name, \"interval\", org_id, uid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, command.name());
                ps.setString(2, command.interval());
                ps.setLong(3, orgId);
                ps.setString(4, uid);
                ps.setLong(5, now);
                ps.setLong(6, now);
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            }
            insertItems(c, id, command.items());
            return new Playlist(id, uid, command.name(), command.interval());
        });
    }

    /** Replaces name, interval and items; empty when the org has no such playlist. */
    public Optional<Playlist> update(long orgId, String uid, Command command) throws SQLException {
        return inTransaction(c -> {
            Optional<Playlist> existing = byUid(c, orgId, uid, true);
            if (existing.isEmpty()) {
                return Optional.empty();
            }
            long id = existing.get().id();
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE playlist SET name = ?, \"interval\" = ?, updated_at = ? WHERE id = ?")) {
                ps.setString(1, command.name());
                ps.setString(2, command.interval());
                ps.setLong(3, clock.millis());
                ps.setLong(4, id);
                ps.executeUpdate();
            }
            deleteItems(c, id);
            insertItems(c, id, command.items());
            return Optional.of(new Playlist(id, uid, command.name(), command.interval()));
        });
    }

    /** Deletes the playlist and its items; false when the org has no such playlist. */
    public boolean delete(long orgId, String uid) throws SQLException {
        return inTransaction(c -> {
            Optional<Playlist> existing = byUid(c, orgId, uid, true);
            if (existing.isEmpty()) {
                return false;
            }
            deleteItems(c, existing.get().id());
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM playlist WHERE id = ?")) {
                ps.setLong(1, existing.get().id());
                ps.executeUpdate();
            }
            return true;
        });
    }

    private static Optional<Playlist> byUid(Connection c, long orgId, String uid, boolean lock) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id, uid, name, \"interval\" FROM playlist WHERE org_id = ? AND uid = ?"
                + (lock ? " FOR UPDATE" : ""))) {
            ps.setLong(1, orgId);
            ps.setString(2, uid);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(playlist(rs)) : Optional.empty();
            }
        }
    }

    private static Playlist playlist(ResultSet rs) throws SQLException {
        return new Playlist(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4));
    }

    private static void insertItems(Connection c, long playlistId, List<Item> items) throws SQLException {
        if (items.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO playlist_item (playlist_id, type, value, title, \"order\") VALUES (?, ?, ?, ?, ?)")) {
            int order = 1;
            for (Item item : items) {
                ps.setLong(1, playlistId);
                ps.setString(2, item.type());
                ps.setString(3, item.value());
                ps.setString(4, item.title());
                ps.setInt(5, order++);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static void deleteItems(Connection c, long playlistId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM playlist_item WHERE playlist_id = ?")) {
            ps.setLong(1, playlistId);
            ps.executeUpdate();
        }
    }

    private <T> T inTransaction(Transactions.Work<T> work) throws SQLException {
        return Transactions.inTransaction(dataSource, work);
    }
}
