package io.migrationgateway.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A report's line items as CSV (RFC 4180): a header row, then one row per route, resource or run. */
final class CsvReport {
    private CsvReport() {
    }

    static String of(Report report) {
        List<List<Object>> rows = new ArrayList<>();
        switch (report) {
            case ShadowReport shadow -> {
                rows.add(List.of("resource", "namespace", "route", "origin", "compared", "matched", "mismatched", "noise", "skipped",
                        "skipped_since_start", "errors", "match_percent", "mismatch_percent", "noise_percent", "primary_p50_ms", "primary_p99_ms",
                        "shadow_p50_ms", "shadow_p99_ms", "top_path"));
                shadow.routes().forEach(r -> rows.add(List.of(r.resource(), text(r.namespace()), r.route(), r.origin().label(), r.compared(),
                        r.matched(), r.mismatched(), r.noise(), r.skipped(), r.skippedSinceStart(), r.errors(), r.matchPercent(), r.mismatchPercent(),
                        r.noisePercent(), r.primary().p50Ms(), r.primary().p99Ms(), r.shadow().p50Ms(), r.shadow().p99Ms(),
                        r.topPaths().isEmpty() ? "" : r.topPaths().get(0).path())));
            }
            case DualWriteReport dualWrite -> {
                rows.add(List.of("resource", "namespace", "writes", "legacy_ok", "legacy_failed", "unified_ok", "unified_failed",
                        "compensations", "retries"));
                dualWrite.resources().forEach(r -> rows.add(List.of(r.resource(), text(r.namespace()), r.writes(), r.legacyOk(),
                        r.legacyFailed(), r.unifiedOk(), r.unifiedFailed(), r.compensations(), r.retries())));
            }
            case VerificationReport verification -> {
                rows.add(List.of("id", "resource", "namespace", "direction", "started_at", "finished_at", "processed", "matching",
                        "mismatched", "missing", "extra", "parity_percent", "duration_seconds", "rows_per_second"));
                verification.history().forEach(r -> rows.add(List.of(r.id(), r.resource(), text(r.namespace()), r.direction(),
                        r.startedAt(), text(r.finishedAt()), r.processed(), r.matching(), r.mismatched(), r.missing(), r.extra(),
                        r.parityPercent(), r.durationSeconds(), r.rowsPerSecond())));
            }
        }
        return rows.stream().map(CsvReport::line).collect(Collectors.joining("\r\n", "", "\r\n"));
    }

    private static Object text(Object value) {
        return value == null ? "" : value;
    }

    private static String line(List<Object> cells) {
        return cells.stream().map(CsvReport::cell).collect(Collectors.joining(","));
    }

    /** Quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
    private static String cell(Object value) {
        String text = value instanceof Double d ? String.format(Locale.ROOT, "%.2f", d) : String.valueOf(value);
        if (!text.isEmpty() && !(value instanceof Number) && Stream.of("=", "+", "-", "@").anyMatch(text::startsWith)) {
            text = "'" + text;
        }
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
