package io.migrationgateway.gateway.reports;

import io.migrationgateway.reports.DualWriteReport;
import io.migrationgateway.reports.ReportHeader;
import io.migrationgateway.reports.TimePoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The dual-write report, from the {@code dual_write} rows of the window (one per write copied to the other side:
 * the first side had taken it) and the outbox (its depth at the end of each time bucket, and what waits now).
 */
final class DualWriteFigures {
    private static final int CAUSES = 20;
    private static final int PENDING = 200;
    private static final String OK = "('applied', 'unchanged', 'superseded')";
    private static final String FAILED = "('failed', 'queued')";

    private final DataSource dataSource;
    private final String gatewayVersion;

    DualWriteFigures(DataSource dataSource, String gatewayVersion) {
        this.dataSource = dataSource;
        this.gatewayVersion = gatewayVersion;
    }

    DualWriteReport build(ReportQuery query) throws SQLException {
        Filters window = Filters.of(query, "written_at");
        try (Connection c = dataSource.getConnection()) {
            List<DualWriteReport.ResourceWrites> resources = new ArrayList<>();
            long records = 0;
            // a first write to legacy (modes 1, 2) is copied to unified, a first write to unified (mode 3) to legacy
            try (PreparedStatement ps = window.prepare(c, """
                    SELECT resource, namespace, count(*) AS records,
                           count(*) FILTER (WHERE NOT retry) AS writes,
                           count(*) FILTER (WHERE NOT retry AND target = 'unified')
                             + count(*) FILTER (WHERE target = 'legacy' AND outcome IN""" + OK + """
                    ) AS legacy_ok,
                           count(*) FILTER (WHERE target = 'legacy' AND outcome IN""" + FAILED + """
                    ) AS legacy_failed,
                           count(*) FILTER (WHERE NOT retry AND target = 'legacy')
                             + count(*) FILTER (WHERE target = 'unified' AND outcome IN""" + OK + """
                    ) AS unified_ok,
                           count(*) FILTER (WHERE target = 'unified' AND outcome IN""" + FAILED + """
                    ) AS unified_failed,
                           count(*) FILTER (WHERE outcome = 'compensated') AS compensations,
                           count(*) FILTER (WHERE retry) AS retries
                    FROM dual_write WHERE\s""" + window.where() + " GROUP BY resource, namespace ORDER BY resource, namespace");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    records += rs.getLong("records");
                    resources.add(new DualWriteReport.ResourceWrites(rs.getString("resource"), rs.getString("namespace"),
                            rs.getLong("writes"), rs.getLong("legacy_ok"), rs.getLong("legacy_failed"), rs.getLong("unified_ok"),
                            rs.getLong("unified_failed"), rs.getLong("compensations"), rs.getLong("retries")));
                }
            }
            ReportHeader header = new ReportHeader("dual-write", query.from(), query.to(), query.resources(), query.namespaces(),
                    records, gatewayVersion);
            return new DualWriteReport(header, resources, causes(c, window), outboxDepth(c, query), pending(c, query));
        }
    }

    private static List<DualWriteReport.FailureCause> causes(Connection c, Filters window) throws SQLException {
        List<DualWriteReport.FailureCause> causes = new ArrayList<>();
        try (PreparedStatement ps = window.prepare(c, "SELECT target, coalesce(nullif(left(detail, 160), ''), 'unknown') AS cause, "
                + "count(*) FROM dual_write WHERE " + window.where() + " AND outcome IN " + FAILED
                + " GROUP BY target, cause ORDER BY count(*) DESC, target, cause LIMIT ?", CAUSES);
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                causes.add(new DualWriteReport.FailureCause(rs.getString(1), rs.getString(2), rs.getLong(3)));
            }
        }
        return causes;
    }

    /** Entries waiting at the end of each twenty-fourth of the window: created by then and not yet done. */
    private static List<TimePoint> outboxDepth(Connection c, ReportQuery query) throws SQLException {
        Filters scope = Filters.scopeOnly(query);
        List<TimePoint> points = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT t, (SELECT count(*) FROM dual_write_outbox
                           WHERE created_at <= t AND (done_at IS NULL OR done_at > t) AND\s""" + scope.where() + """
                ) FROM generate_series(?::timestamptz, ?::timestamptz, make_interval(secs => ?)) AS t ORDER BY t""")) {
            int next = scope.bindAfter(c, ps, 0);
            ps.setTimestamp(next, Timestamp.from(query.from().plus(query.bucket())));
            ps.setTimestamp(next + 1, Timestamp.from(query.to()));
            ps.setDouble(next + 2, Math.max(1, query.bucket().toSeconds()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    points.add(new TimePoint(rs.getTimestamp(1).toInstant(), rs.getLong(2)));
                }
            }
        }
        return points;
    }

    private static List<DualWriteReport.PendingWrite> pending(Connection c, ReportQuery query) throws SQLException {
        Filters scope = Filters.scopeOnly(query);
        List<DualWriteReport.PendingWrite> pending = new ArrayList<>();
        try (PreparedStatement ps = scope.prepare(c, "SELECT id, resource, namespace, object_name, target, created_at, attempts, "
                + "last_error FROM dual_write_outbox WHERE done_at IS NULL AND " + scope.where() + " ORDER BY created_at, id LIMIT ?", PENDING);
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                pending.add(new DualWriteReport.PendingWrite(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getTimestamp(6).toInstant(), rs.getInt(7), rs.getString(8)));
            }
        }
        return pending;
    }
}
