package io.migrationgateway.reports;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * Shadow comparison: per resource and route, how the two sides' answers compared over the window, callers' reads
 * apart from a compare sweep's.
 *
 * @param routes           one line per (resource, namespace, route, origin), live before swept
 * @param mismatchRateOverTime the share of compared live reads that mismatched, per time bucket (0..1), all routes
 *                         together
 * @param sweptMismatchRateOverTime the same for swept reads: a sweep compares a whole scope in minutes, so in one
 *                         series its buckets would hide the rate callers see
 */
public record ShadowReport(ReportHeader header, List<RouteComparison> routes, List<TimePoint> mismatchRateOverTime,
                           List<TimePoint> sweptMismatchRateOverTime) implements Report {
    public ShadowReport {
        Objects.requireNonNull(header, "header");
        routes = List.copyOf(routes);
        mismatchRateOverTime = List.copyOf(mismatchRateOverTime);
        sweptMismatchRateOverTime = List.copyOf(sweptMismatchRateOverTime);
    }

    /** Whose read was compared: a caller's ({@code live}) or a compare sweep's ({@code swept}, {@code migrate compare}). */
    public enum Origin {
        LIVE("live"),
        SWEPT("swept");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        /** The name the renderings use. */
        @JsonValue
        public String label() {
            return label;
        }
    }

    /**
     * The figures of one route's reads of one origin.
     *
     * @param compared   reads whose two answers were compared (match + mismatch + noise)
     * @param skipped    reads not compared in the window whose record names them
     * @param skippedSinceStart reads not compared (queue full, body too large, ...) since comparisons began: the
     *                   gateway counts these rather than storing each, since they happen when it is busiest; only
     *                   callers' reads are skipped, so a swept line has none
     * @param errors     reads whose shadow side failed or timed out
     * @param topPaths   the JSON paths of the route that differed most, with raw and noise counts, live and swept
     *                   together since the first comparison (the counters do not keep the origin)
     * @param samples    a few differing answers of this origin, both sides truncated
     */
    public record RouteComparison(String resource, String namespace, String route, Origin origin, long compared, long matched,
                                  long mismatched, long noise, long skipped, long skippedSinceStart, long errors,
                                  List<PathCount> topPaths,
                                  List<Sample> samples, Latency primary, Latency shadow) {
        public RouteComparison {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(origin, "origin");
            topPaths = List.copyOf(topPaths);
            samples = List.copyOf(samples);
            Objects.requireNonNull(primary, "primary");
            Objects.requireNonNull(shadow, "shadow");
        }

        @JsonProperty
        public double matchPercent() {
            return Percent.of(matched, compared);
        }

        @JsonProperty
        public double mismatchPercent() {
            return Percent.of(mismatched, compared);
        }

        @JsonProperty
        public double noisePercent() {
            return Percent.of(noise, compared);
        }
    }

    /** A JSON path that differed: how often in all, and how often it differed between two answers of the same side. */
    public record PathCount(String path, long raw, long noise) {
        public PathCount {
            Objects.requireNonNull(path, "path");
        }
    }

    /** One differing pair, each side truncated for the report. */
    public record Sample(String path, String primary, String shadow) {
        public Sample {
            Objects.requireNonNull(path, "path");
        }
    }

    /** Latency of one side in milliseconds. */
    public record Latency(double p50Ms, double p99Ms) {
    }
}
