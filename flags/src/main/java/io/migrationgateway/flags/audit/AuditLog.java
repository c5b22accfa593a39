package io.migrationgateway.flags.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.Verdict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** The {@code migration_flag_audit} table: written inside a flip's transaction, read newest first. */
public final class AuditLog {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<GateCheck>> CHECKS = new TypeReference<>() {
    };

    private static final String COLUMNS = "id, at, who, via, resource, namespace, from_mode, to_mode, reason, verdict, applied, forced, gate";

    private final DataSource dataSource;

    public AuditLog(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Appends {@code entries} (their ids are ignored) within {@code c}'s transaction. */
    public void append(Connection c, List<AuditEntry> entries) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO migration_flag_audit (at, who, via, resource, namespace, from_mode, to_mode, reason, verdict,
                                                  applied, forced, gate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)""")) {
            for (AuditEntry entry : entries) {
                ps.setTimestamp(1, Timestamp.from(entry.at()));
                ps.setString(2, entry.who());
                ps.setString(3, entry.via());
                ps.setString(4, entry.resource());
                if (entry.namespace().isPresent()) {
                    ps.setString(5, entry.namespace().get());
                } else {
                    ps.setNull(5, Types.VARCHAR);
                }
                ps.setInt(6, entry.from().number());
                ps.setInt(7, entry.to().number());
                ps.setString(8, entry.reason());
                ps.setString(9, entry.verdict().label());
                ps.setBoolean(10, entry.applied());
                ps.setBoolean(11, entry.forced());
                ps.setString(12, toJson(entry.checks()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** The latest {@code limit} entries, newest first. */
    public List<AuditEntry> recent(int limit) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM migration_flag_audit ORDER BY id DESC LIMIT ?")) {
            ps.setInt(1, limit);
            return read(ps);
        }
    }

    /** The newest entry of {@code resource}, if it was ever flipped or refused. */
    public Optional<AuditEntry> latest(String resource) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS
                     + " FROM migration_flag_audit WHERE resource = ? ORDER BY id DESC LIMIT 1")) {
            ps.setString(1, resource);
            return read(ps).stream().findFirst();
        }
    }

    private static List<AuditEntry> read(PreparedStatement ps) throws SQLException {
        List<AuditEntry> entries = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                entries.add(new AuditEntry(rs.getLong(1), rs.getTimestamp(2).toInstant(), rs.getString(3), rs.getString(4),
                        rs.getString(5), Optional.ofNullable(rs.getString(6)), Mode.of(rs.getInt(7)), Mode.of(rs.getInt(8)),
                        rs.getString(9), Verdict.parse(rs.getString(10)), rs.getBoolean(11), rs.getBoolean(12),
                        fromJson(rs.getString(13))));
            }
        }
        return entries;
    }

    private static String toJson(List<GateCheck> checks) throws SQLException {
        try {
            return JSON.writeValueAsString(checks);
        } catch (JsonProcessingException e) {
            throw new SQLException("gate figures cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static List<GateCheck> fromJson(String json) throws SQLException {
        try {
            return JSON.readValue(json, CHECKS);
        } catch (JsonProcessingException e) {
            throw new SQLException("unreadable gate figures in the audit log: " + e.getOriginalMessage(), e);
        }
    }
}
