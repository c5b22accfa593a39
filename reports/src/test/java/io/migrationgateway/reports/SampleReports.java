package io.migrationgateway.reports;

import java.time.Instant;
import java.util.List;

/** Reports with known figures, as the gateway would build them from its records. */
final class SampleReports {
    static final Instant FROM = Instant.parse("2026-11-20T00:00:00Z");
    static final Instant TO = Instant.parse("2026-11-21T00:00:00Z");

    private SampleReports() {
    }

    static ReportHeader header(String kind, long records) {
        return new ReportHeader(kind, FROM, TO, List.of("dashboards.dashboard.grafana.app"), List.of(), records, "0.1.0-test");
    }

    static ShadowReport shadow() {
        List<ShadowReport.PathCount> paths = List.of(new ShadowReport.PathCount("$.meta.folderTitle", 6, 0),
                new ShadowReport.PathCount("$.meta.updated", 9, 9));
        ShadowReport.RouteComparison get = new ShadowReport.RouteComparison("dashboards.dashboard.grafana.app", "default",
                "GET /api/dashboards/uid/:uid", ShadowReport.Origin.LIVE, 200, 190, 6, 4, 12, 40, 1, paths,
                List.of(new ShadowReport.Sample("$.meta.folderTitle", "\"General\"", "\"<script>alert(1)</script>\"")),
                new ShadowReport.Latency(3.1, 12.5), new ShadowReport.Latency(4.2, 20.0));
        ShadowReport.RouteComparison swept = new ShadowReport.RouteComparison("dashboards.dashboard.grafana.app", "default",
                "GET /api/dashboards/uid/:uid", ShadowReport.Origin.SWEPT, 40, 39, 1, 0, 0, 0, 0, paths,
                List.of(new ShadowReport.Sample("$.meta.folderTitle", "\"General\"", "\"Swept away\"")),
                new ShadowReport.Latency(2.0, 5.0), new ShadowReport.Latency(2.5, 6.0));
        ShadowReport.RouteComparison search = new ShadowReport.RouteComparison("dashboards.dashboard.grafana.app", null,
                "GET /api/search", ShadowReport.Origin.LIVE, 0, 0, 0, 0, 3, 3, 0, List.of(), List.of(), new ShadowReport.Latency(0, 0),
                new ShadowReport.Latency(0, 0));
        List<TimePoint> rate = List.of(new TimePoint(FROM, 0.05), new TimePoint(FROM.plusSeconds(3600), 0.02),
                new TimePoint(FROM.plusSeconds(7200), 0.0));
        List<TimePoint> sweptRate = List.of(new TimePoint(FROM.plusSeconds(5400), 0.025));
        return new ShadowReport(header("shadow", 255), List.of(get, swept, search), rate, sweptRate);
    }

    static DualWriteReport dualWrite() {
        return new DualWriteReport(header("dual-write", 1000),
                List.of(new DualWriteReport.ResourceWrites("dashboards.dashboard.grafana.app", "default", 1000, 1000, 0, 800, 200, 3, 250)),
                List.of(new DualWriteReport.FailureCause("unified", "timeout", 120), new DualWriteReport.FailureCause("unified", "503", 80)),
                List.of(new TimePoint(FROM, 0), new TimePoint(FROM.plusSeconds(60), 200), new TimePoint(FROM.plusSeconds(120), 7)),
                List.of(new DualWriteReport.PendingWrite(42, "dashboards.dashboard.grafana.app", "default", "=cmd|calc", "unified",
                        FROM.plusSeconds(100), 5, "connection reset, \"retrying\"")));
    }

    static VerificationReport verification() {
        VerificationReport.Run latest = new VerificationReport.Run(7, "dashboards.dashboard.grafana.app", "default", "copy",
                FROM, FROM.plusSeconds(10), 1000, 2, 3, 1,
                List.of(new VerificationReport.Difference("abc", "mismatched", List.of("$.spec.title", "$.spec.panels[0]"))));
        VerificationReport.Run older = new VerificationReport.Run(6, "folders.folder.grafana.app", null, "copy",
                FROM, FROM.plusSeconds(2), 50, 0, 0, 0, List.of());
        return new VerificationReport(header("verification", 2), List.of(latest, older), List.of(latest, older));
    }
}
