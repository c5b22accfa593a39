package io.migrationgateway.translators.playlist;

import java.util.List;
import java.util.Objects;

/**
 * One playlist of Grafana's legacy tables (reference §5.1): its {@code playlist} row and its {@code playlist_item} rows
 * in their {@code order}.
 *
 * @param createdAt {@code created_at}, epoch milliseconds (0 when never set)
 * @param updatedAt {@code updated_at}, epoch milliseconds
 * @param items     the items, in order
 */
public record PlaylistRow(long id, long orgId, String uid, String name, String interval, long createdAt, long updatedAt,
                          List<Item> items) {
    /** A {@code playlist_item} row; its legacy {@code title} and {@code order} do not survive (reference §2.5). */
    public record Item(String type, String value) {
        public Item {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(value, "value");
        }
    }

    public PlaylistRow {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(interval, "interval");
        items = List.copyOf(items);
    }
}
