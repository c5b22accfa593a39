package io.migrationgateway.gateway.reports;

import io.migrationgateway.reports.ReportHeader;
import io.migrationgateway.reports.VerificationReport;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The verification report, from the finished verifications of the window ({@code migration_verification}, with
 * their job's start) and what each found ({@code migration_job_finding}).
 */
final class VerificationFigures {
    private static final int SAMPLES = 5;

    private final DataSource dataSource;
    private final String gatewayVersion;

    VerificationFigures(DataSource dataSource, String gatewayVersion) {
        this.dataSource = dataSource;
        this.gatewayVersion = gatewayVersion;
    }

    VerificationReport build(ReportQuery query) throws SQLException {
        Filters window = Filters.of(query, "v.", "finished_at");
        List<VerificationReport.Run> history = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = window.prepare(c, """
                    SELECT v.job_id, v.resource, v.namespace, v.direction, j.created_at, v.finished_at, v.processed, v.mismatched,
                           v.missing, v.extra
                    FROM migration_verification v JOIN migration_job j ON j.id = v.job_id
                    WHERE\s""" + window.where() + " ORDER BY v.finished_at DESC, v.job_id DESC");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long job = rs.getLong(1);
                    String namespace = rs.getString(3);
                    history.add(new VerificationReport.Run(job, rs.getString(2), namespace.isEmpty() ? null : namespace,
                            rs.getString(4).equals("unified-to-legacy") ? "reverse-copy" : "copy", rs.getTimestamp(5).toInstant(),
                            rs.getTimestamp(6).toInstant(), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10),
                            samples(c, job)));
                }
            }
        }
        Map<String, VerificationReport.Run> latest = new LinkedHashMap<>();
        history.forEach(run -> latest.putIfAbsent(run.resource() + "\u0000" + run.namespace() + "\u0000" + run.direction(), run));
        ReportHeader header = new ReportHeader("verification", query.from(), query.to(), query.resources(), query.namespaces(),
                history.size(), gatewayVersion);
        return new VerificationReport(header, List.copyOf(latest.values()), history);
    }

    private static List<VerificationReport.Difference> samples(Connection c, long job) throws SQLException {
        List<VerificationReport.Difference> samples = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT kind, namespace, name, legacy_id, paths FROM migration_job_finding
                WHERE job_id = ? AND kind IN ('mismatch', 'missing', 'extra') ORDER BY kind, namespace, name LIMIT ?""")) {
            ps.setLong(1, job);
            ps.setInt(2, SAMPLES);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(3).isEmpty() ? "legacy id " + rs.getLong(4) : rs.getString(3);
                    Array paths = rs.getArray(5);
                    samples.add(new VerificationReport.Difference((rs.getString(2).isEmpty() ? "" : rs.getString(2) + "/") + name,
                            rs.getString(1), List.of((String[]) paths.getArray())));
                }
            }
        }
        return samples;
    }
}
