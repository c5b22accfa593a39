package io.migrationgateway.reports;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * Shadow comparison: per resource and route, how the two sides' answers compared over the window.
 *
 * @param routes           one line per (resource, namespace, route)
 * @param mismatchRateOverTime the share of compared reads that mismatched, per time bucket (0..1), all routes together
 */
public record ShadowReport(ReportHeader header, List<RouteComparison> routes, List<TimePoint> mismatchRateOverTime)
        implements Report {
    public ShadowReport {
        Objects.requireNonNull(header, "header");
        routes = List.copyOf(routes);
        mismatchRateOverTime = List.copyOf(mismatchRateOverTime);
    }

    /**
     * The figures of one route.
     *
     * @param compared   reads whose two answers were compared (match + mismatch + noise)
     * @param skipped    reads not compared in the window whose record names them
     * @param skippedSinceStart reads not compared (queue full, body too large, ...) since comparisons began: the
     *                   gateway counts these rather than storing each, since they happen when it is busiest
     * @param errors     reads whose shadow side failed or timed out
     * @param topPaths   the JSON paths that differed most, with raw and noise counts
     * @param samples    a few differing answers, both sides truncated
     */
    public record RouteComparison(String resource, String namespace, String route, long compared, long matched,
                                  long mismatched, long noise, long skipped, long skippedSinceStart, long errors,
                                  List<PathCount> topPaths,
                                  List<Sample> samples, Latency primary, Latency shadow) {
        public RouteComparison {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(route, "route");
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
