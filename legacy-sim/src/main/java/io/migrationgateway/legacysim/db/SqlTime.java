package io.migrationgateway.legacysim.db;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Grafana's DATETIME columns hold UTC wall-clock time without a zone. These helpers write and read them
 * as UTC whatever the JVM's default zone, so that migration jobs reading the same rows agree.
 */
public final class SqlTime {
    private SqlTime() {
    }

    public static void set(PreparedStatement ps, int index, Instant instant) throws SQLException {
        ps.setObject(index, LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    public static Instant get(ResultSet rs, String column) throws SQLException {
        LocalDateTime value = rs.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }

    public static Instant get(ResultSet rs, int column) throws SQLException {
        LocalDateTime value = rs.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }

    /** Go's encoding of a time.Time (RFC 3339, UTC here), as Grafana's JSON carries them. */
    public static String json(Instant instant) {
        return instant == null ? "0001-01-01T00:00:00Z" : instant.toString();
    }
}
