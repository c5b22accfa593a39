package io.migrationgateway.reports;

import java.time.Instant;
import java.util.Objects;

/** One point of a series over time (a mismatch rate, an outbox depth), for the charts. */
public record TimePoint(Instant at, double value) {
    public TimePoint {
        Objects.requireNonNull(at, "at");
    }
}
