package io.migrationgateway.reports;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A report as one self-contained HTML page: inline CSS and SVG, no script, no font or file from elsewhere, so it
 * can be mailed, archived and opened offline. Figures first, then the chart a person would rather look at than read,
 * then the details.
 */
final class HtmlReport {
    private HtmlReport() {
    }

    static String of(Report report) {
        String title = switch (report) {
            case ShadowReport ignored -> "Shadow comparison";
            case DualWriteReport ignored -> "Dual-write";
            case VerificationReport ignored -> "Verification";
        };
        String body = switch (report) {
            case ShadowReport shadow -> shadow(shadow);
            case DualWriteReport dualWrite -> dualWrite(dualWrite);
            case VerificationReport verification -> verification(verification);
        };
        ReportHeader h = report.header();
        return HtmlPage.of(title + " report", "Window " + h.from() + " to " + h.to() + " · resources: " + scope(h.resources())
                + " · namespaces: " + scope(h.namespaces()) + " · computed from " + h.records() + " records · gateway "
                + h.gatewayVersion(), body);
    }

    private static String shadow(ShadowReport report) {
        return "<h2>Mismatch rate over time</h2>"
                + Svg.lineChart("Share of compared live reads that mismatched", report.mismatchRateOverTime(), true)
                + Svg.lineChart("Share of compared swept reads that mismatched", report.sweptMismatchRateOverTime(), true)
                + "<h2>Per route</h2>" + table(List.of("resource", "namespace", "route", "origin", "compared", "match %", "mismatch %",
                        "noise %", "skipped", "skipped since start", "errors", "primary p50/p99 ms", "shadow p50/p99 ms"), report.routes(), r -> List.of(
                        Html.escape(r.resource()), text(r.namespace()), Html.escape(r.route()), r.origin().label(), num(r.compared()),
                        num(r.matchPercent()), flagged(r.mismatchPercent(), r.mismatched() > 0), num(r.noisePercent()), num(r.skipped()),
                        num(r.skippedSinceStart()), flagged(r.errors(), r.errors() > 0), r.primary().p50Ms() + " / " + r.primary().p99Ms(),
                        r.shadow().p50Ms() + " / " + r.shadow().p99Ms()))
                + report.routes().stream()
                        .collect(Collectors.groupingBy(r -> Arrays.asList(r.resource(), r.namespace(), r.route()), LinkedHashMap::new,
                                Collectors.toList()))
                        .values().stream().filter(origins -> origins.stream().anyMatch(r -> !r.topPaths().isEmpty() || !r.samples().isEmpty()))
                        .map(HtmlReport::routeDetails).collect(Collectors.joining());
    }

    /** A route's top paths once (they are counted for both origins together), then the samples of each origin. */
    private static String routeDetails(List<ShadowReport.RouteComparison> origins) {
        ShadowReport.RouteComparison first = origins.get(0);
        return "<h2>" + Html.escape(first.resource() + " " + first.route()) + "</h2>"
                + table(List.of("JSON path", "raw differences", "noise"), first.topPaths(),
                        p -> List.of("<code>" + Html.escape(p.path()) + "</code>", num(p.raw()), num(p.noise())))
                + origins.stream().map(r -> "<h3>Samples of " + r.origin().label() + " reads</h3>"
                        + table(List.of("path", "primary", "shadow"), r.samples(), s -> List.of(
                                "<code>" + Html.escape(s.path()) + "</code>", pre(s.primary()), pre(s.shadow()))))
                        .collect(Collectors.joining());
    }

    private static String dualWrite(DualWriteReport report) {
        return "<h2>Outbox depth over time</h2>" + Svg.lineChart("Writes waiting in the outbox", report.outboxDepthOverTime(), false)
                + "<h2>Writes per side</h2>" + table(List.of("resource", "namespace", "writes", "legacy ok", "legacy failed",
                        "unified ok", "unified failed", "compensations", "retries"), report.resources(), r -> List.of(Html.escape(r.resource()),
                        text(r.namespace()), num(r.writes()), num(r.legacyOk()), flagged(r.legacyFailed(), r.legacyFailed() > 0),
                        num(r.unifiedOk()), flagged(r.unifiedFailed(), r.unifiedFailed() > 0), num(r.compensations()), num(r.retries())))
                + "<h2>Failures by cause</h2>" + table(List.of("side", "cause", "count"), report.failures(),
                        f -> List.of(Html.escape(f.side()), Html.escape(f.cause()), num(f.count())))
                + "<h2>Still pending (" + report.pending().size() + ")</h2>" + table(List.of("id", "resource", "namespace", "name",
                        "side", "waiting since", "attempts", "last error"), report.pending(), p -> List.of(num(p.id()), Html.escape(p.resource()),
                        text(p.namespace()), Html.escape(p.name()), text(p.side()), p.since().toString(), num(p.attempts()),
                        pre(p.lastError())));
    }

    private static String verification(VerificationReport report) {
        return "<h2>Parity per resource (latest run)</h2>" + Svg.percentBars("Parity of the latest verification",
                        report.latest().stream().map(r -> r.resource() + (r.namespace() == null ? "" : " " + r.namespace())).toList(),
                        report.latest().stream().map(VerificationReport.Run::parityPercent).toList())
                + "<h2>Latest runs</h2>" + runs(report.latest())
                + report.latest().stream().filter(r -> !r.samples().isEmpty()).map(r -> "<h2>Differences: "
                        + Html.escape(r.resource()) + "</h2>" + table(List.of("name", "difference", "JSON paths"), r.samples(),
                        d -> List.of(Html.escape(d.name()), Html.escape(d.kind()), "<code>" + Html.escape(String.join(", ", d.paths()))
                                + "</code>"))).collect(Collectors.joining())
                + "<h2>History</h2>" + runs(report.history());
    }

    private static String runs(List<VerificationReport.Run> runs) {
        return table(List.of("id", "resource", "namespace", "direction", "finished", "processed", "matching", "mismatched", "missing",
                "extra", "parity %", "duration s", "rows/s"), runs, r -> List.of(num(r.id()), Html.escape(r.resource()), text(r.namespace()),
                Html.escape(r.direction()), r.finishedAt() == null ? "running" : r.finishedAt().toString(), num(r.processed()), num(r.matching()),
                flagged(r.mismatched(), r.mismatched() > 0), flagged(r.missing(), r.missing() > 0), flagged(r.extra(), r.extra() > 0),
                r.parityPercent() == 100 ? "<span class=\"good\">100</span>" : flagged(r.parityPercent(), true),
                num(r.durationSeconds()), num(r.rowsPerSecond())));
    }

    /** A table; {@code cells} gives HTML (text in it escaped), a cell starting with {@code <td} is used as is. */
    static <T> String table(List<String> headings, List<T> rows, Function<T, List<String>> cells) {
        if (rows.isEmpty()) {
            return "<p class=\"meta\">Nothing in this window.</p>";
        }
        return "<table><thead><tr>" + headings.stream().map(h -> "<th>" + Html.escape(h) + "</th>").collect(Collectors.joining())
                + "</tr></thead><tbody>" + rows.stream().map(row -> "<tr>" + cells.apply(row).stream()
                        .map(cell -> cell.startsWith("<td") ? cell : "<td>" + cell + "</td>").collect(Collectors.joining()) + "</tr>")
                        .collect(Collectors.joining()) + "</tbody></table>";
    }

    private static String num(Number value) {
        return "<td class=\"n\">" + (value instanceof Double d && d == Math.rint(d) ? Long.toString(d.longValue()) : value) + "</td>";
    }

    private static String flagged(Number value, boolean bad) {
        return bad ? "<td class=\"n bad\">" + value + "</td>" : num(value);
    }

    private static String text(String value) {
        return value == null ? "all" : Html.escape(value);
    }

    private static String pre(String value) {
        return "<pre>" + Html.escape(value) + "</pre>";
    }

    private static String scope(List<String> names) {
        return names.isEmpty() ? "all" : String.join(", ", names);
    }
}
