package io.migrationgateway.gateway.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.reports.ReportHeader;
import io.migrationgateway.reports.ShadowReport;
import io.migrationgateway.reports.TimePoint;
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
 * The shadow comparison report, from the {@code shadow_comparison} rows of the window (counts, latencies, samples,
 * the mismatch rate per time bucket, each for callers' reads apart from a compare sweep's) and the per-path counters
 * (raw and noise counts, kept since the first comparison).
 */
final class ShadowFigures {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TOP_PATHS = 10;
    private static final int SAMPLES = 3;

    private final DataSource dataSource;
    private final String gatewayVersion;

    ShadowFigures(DataSource dataSource, String gatewayVersion) {
        this.dataSource = dataSource;
        this.gatewayVersion = gatewayVersion;
    }

    ShadowReport build(ReportQuery query) throws SQLException {
        Filters window = Filters.of(query, "compared_at");
        try (Connection c = dataSource.getConnection()) {
            Map<List<String>, Long> skipped = skippedSinceStart(c, query);
            List<ShadowReport.RouteComparison> routes = new ArrayList<>();
            long records = 0;
            try (PreparedStatement ps = window.prepare(c, """
                    SELECT resource, namespace, route, swept, count(*) AS records,
                           count(*) FILTER (WHERE outcome IN ('match', 'mismatch', 'noise')) AS compared,
                           count(*) FILTER (WHERE outcome = 'match') AS matched,
                           count(*) FILTER (WHERE outcome = 'mismatch') AS mismatched,
                           count(*) FILTER (WHERE outcome = 'noise') AS noise,
                           count(*) FILTER (WHERE outcome = 'skipped') AS skipped,
                           count(*) FILTER (WHERE outcome = 'shadow-error') AS errors,
                           coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY authoritative_ms), 0) AS primary_p50,
                           coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY authoritative_ms), 0) AS primary_p99,
                           coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY shadow_ms), 0) AS shadow_p50,
                           coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY shadow_ms), 0) AS shadow_p99
                    FROM shadow_comparison WHERE\s""" +  window.where() + " " + """
                     GROUP BY resource, namespace, route, swept ORDER BY resource, namespace, route, swept""");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    records += rs.getLong("records");
                    String resource = rs.getString("resource");
                    String namespace = rs.getString("namespace");
                    String route = rs.getString("route");
                    boolean swept = rs.getBoolean("swept");
                    // only callers' reads are ever skipped, so the counts since the start belong to the live line
                    long skippedSinceStart = swept ? 0 : skipped.getOrDefault(List.of(resource, namespace, route), 0L);
                    routes.add(new ShadowReport.RouteComparison(resource, namespace, route,
                            swept ? ShadowReport.Origin.SWEPT : ShadowReport.Origin.LIVE, rs.getLong("compared"),
                            rs.getLong("matched"), rs.getLong("mismatched"), rs.getLong("noise"), rs.getLong("skipped"),
                            skippedSinceStart, rs.getLong("errors"),
                            topPaths(c, resource, route), samples(c, query, resource, namespace, route, swept),
                            new ShadowReport.Latency(round(rs.getDouble("primary_p50")), round(rs.getDouble("primary_p99"))),
                            new ShadowReport.Latency(round(rs.getDouble("shadow_p50")), round(rs.getDouble("shadow_p99")))));
                }
            }
            // a route whose live reads were all skipped still gets its live line
            skipped.keySet().removeAll(routes.stream().filter(r -> r.origin() == ShadowReport.Origin.LIVE)
                    .map(r -> List.of(r.resource(), r.namespace(), r.route())).toList());
            ShadowReport.Latency none = new ShadowReport.Latency(0, 0);
            skipped.forEach((key, count) -> routes.add(new ShadowReport.RouteComparison(key.get(0), key.get(1), key.get(2),
                    ShadowReport.Origin.LIVE, 0, 0, 0, 0, 0, count, 0, List.of(), List.of(), none, none)));
            ReportHeader header = new ReportHeader("shadow", query.from(), query.to(), query.resources(), query.namespaces(),
                    records, gatewayVersion);
            Map<Boolean, List<TimePoint>> rates = mismatchRates(c, query, window);
            return new ShadowReport(header, routes, rates.get(false), rates.get(true));
        }
    }

    /** Reads not compared, per (resource, namespace, route), since comparisons began: counted, never stored one by one. */
    private static Map<List<String>, Long> skippedSinceStart(Connection c, ReportQuery query) throws SQLException {
        Filters scope = Filters.scopeOnly(query);
        Map<List<String>, Long> skipped = new LinkedHashMap<>();
        try (PreparedStatement ps = scope.prepare(c, "SELECT resource, namespace, route, sum(skipped) FROM shadow_skipped WHERE "
                + scope.where() + " GROUP BY resource, namespace, route ORDER BY resource, namespace, route");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                skipped.put(List.of(rs.getString(1), rs.getString(2), rs.getString(3)), rs.getLong(4));
            }
        }
        return skipped;
    }

    private static List<ShadowReport.PathCount> topPaths(Connection c, String resource, String route) throws SQLException {
        List<ShadowReport.PathCount> paths = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT path, raw, noise FROM shadow_path_counter WHERE resource = ? AND route = ? ORDER BY raw DESC, path LIMIT ?")) {
            ps.setString(1, resource);
            ps.setString(2, route);
            ps.setInt(3, TOP_PATHS);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    paths.add(new ShadowReport.PathCount(rs.getString(1), rs.getLong(2), rs.getLong(3)));
                }
            }
        }
        return paths;
    }

    /** The differing paths of the latest mismatches of the route and origin in the window, with both sides as recorded. */
    private static List<ShadowReport.Sample> samples(Connection c, ReportQuery query, String resource, String namespace, String route,
                                                     boolean swept) throws SQLException {
        List<ShadowReport.Sample> samples = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT paths FROM shadow_comparison
                WHERE resource = ? AND namespace = ? AND route = ? AND swept = ? AND outcome = 'mismatch'
                  AND compared_at >= ? AND compared_at < ?
                ORDER BY compared_at DESC, id DESC LIMIT ?""")) {
            ps.setString(1, resource);
            ps.setString(2, namespace);
            ps.setString(3, route);
            ps.setBoolean(4, swept);
            ps.setTimestamp(5, java.sql.Timestamp.from(query.from()));
            ps.setTimestamp(6, java.sql.Timestamp.from(query.to()));
            ps.setInt(7, SAMPLES);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next() && samples.size() < SAMPLES) {
                    for (JsonNode path : JSON.readTree(rs.getString(1))) {
                        if (!"noise".equals(path.path("kind").asText()) && samples.size() < SAMPLES) {
                            samples.add(new ShadowReport.Sample(path.path("path").asText(), text(path.get("authoritative")),
                                    text(path.get("shadow"))));
                        }
                    }
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new SQLException("a shadow comparison's paths are not JSON", e);
            }
        }
        return samples;
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.isTextual() ? value.asText() : value.toString();
    }

    /**
     * Mismatched ÷ compared reads per twenty-fourth of the window, for buckets that compared any, by origin (swept:
     * true): a sweep's burst would otherwise stand for the rate callers see.
     */
    private static Map<Boolean, List<TimePoint>> mismatchRates(Connection c, ReportQuery query, Filters window) throws SQLException {
        Map<Boolean, List<TimePoint>> points = Map.of(false, new ArrayList<>(), true, new ArrayList<>());
        long bucketSeconds = Math.max(1, query.bucket().toSeconds());
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT swept, to_timestamp(floor(extract(epoch FROM compared_at) / ?) * ?) AS bucket,
                       count(*) FILTER (WHERE outcome = 'mismatch')::float8
                         / count(*) FILTER (WHERE outcome IN ('match', 'mismatch', 'noise')) AS rate
                FROM shadow_comparison WHERE\s""" +  window.where() + " " + """
                 GROUP BY swept, bucket HAVING count(*) FILTER (WHERE outcome IN ('match', 'mismatch', 'noise')) > 0
                 ORDER BY swept, bucket""")) {
            ps.setLong(1, bucketSeconds);
            ps.setLong(2, bucketSeconds);
            window.bindAfter(c, ps, 2);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    points.get(rs.getBoolean(1)).add(new TimePoint(rs.getTimestamp(2).toInstant(), rs.getDouble(3)));
                }
            }
        }
        return points;
    }

    private static double round(double ms) {
        return Math.round(ms * 100) / 100.0;
    }
}
