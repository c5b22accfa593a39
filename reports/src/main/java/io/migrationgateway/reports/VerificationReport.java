package io.migrationgateway.reports;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Verification: how far unified storage matches the legacy side, per resource and namespace.
 *
 * @param latest  the latest run of each (resource, namespace, direction) in the window
 * @param history every run in the window, newest first
 */
public record VerificationReport(ReportHeader header, List<Run> latest, List<Run> history) implements Report {
    public VerificationReport {
        Objects.requireNonNull(header, "header");
        latest = List.copyOf(latest);
        history = List.copyOf(history);
    }

    /**
     * One verification run.
     *
     * @param direction  {@code copy} (legacy against unified) or {@code reverse-copy} (unified against legacy)
     * @param processed  rows compared
     * @param mismatched rows on both sides that differ
     * @param missing    rows only the source has
     * @param extra      rows only the target has
     * @param samples    some differences, with their JSON paths
     */
    public record Run(long id, String resource, String namespace, String direction, Instant startedAt, Instant finishedAt,
                      long processed, long mismatched, long missing, long extra, List<Difference> samples) {
        public Run {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(direction, "direction");
            Objects.requireNonNull(startedAt, "startedAt");
            samples = List.copyOf(samples);
        }

        @JsonProperty
        public long matching() {
            return processed - mismatched - missing;
        }

        @JsonProperty
        public double parityPercent() {
            return Percent.of(matching(), processed);
        }

        /** Seconds from start to finish (to now when unfinished, which the report's time stands for). */
        @JsonProperty
        public double durationSeconds() {
            return finishedAt == null ? 0 : (finishedAt.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
        }

        @JsonProperty
        public double rowsPerSecond() {
            double seconds = durationSeconds();
            return seconds <= 0 ? 0 : Math.round(processed / seconds * 10) / 10.0;
        }
    }

    /** One differing row: its name, what kind of difference, and the differing JSON paths. */
    public record Difference(String name, String kind, List<String> paths) {
        public Difference {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(kind, "kind");
            paths = List.copyOf(paths);
        }
    }
}
