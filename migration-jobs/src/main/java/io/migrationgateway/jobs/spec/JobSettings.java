package io.migrationgateway.jobs.spec;

import java.time.Duration;
import java.util.Objects;

/**
 * How jobs run.
 *
 * @param chunkTarget        the time a chunk should take; chunk sizes adapt toward it (pt-table-checksum's idea)
 * @param initialChunk       rows in the first chunk of a slice
 * @param maxChunk           rows in a chunk at most
 * @param maxRowsPerSecond   the most legacy rows read per second by one runner (0: no limit)
 * @param latencyFactor      a legacy read slower than this many times the fastest one seen makes the runner pause
 * @param sliceRows          legacy rows per slice: the unit that runners claim and that a restart resumes within
 * @param catchUpThreshold   catch-up stops once a pass finds at most this many changed rows
 * @param catchUpPasses      catch-up passes at most
 * @param recheckDelay       how long a verification waits before it looks again at a row that differed
 * @param samples            differences kept with their paths per verification (counts are always complete)
 */
public record JobSettings(Duration chunkTarget, int initialChunk, int maxChunk, long maxRowsPerSecond,
                          double latencyFactor, int sliceRows, int catchUpThreshold, int catchUpPasses,
                          Duration recheckDelay, int samples) {
    public JobSettings {
        Objects.requireNonNull(chunkTarget, "chunkTarget");
        Objects.requireNonNull(recheckDelay, "recheckDelay");
        if (chunkTarget.isZero() || chunkTarget.isNegative()) {
            throw new IllegalArgumentException("chunkTarget must be positive, got " + chunkTarget);
        }
        if (initialChunk < 1 || maxChunk < initialChunk) {
            throw new IllegalArgumentException("need 1 <= initialChunk <= maxChunk, got " + initialChunk + ", " + maxChunk);
        }
        if (maxRowsPerSecond < 0) {
            throw new IllegalArgumentException("maxRowsPerSecond must not be negative, got " + maxRowsPerSecond);
        }
        if (latencyFactor <= 1) {
            throw new IllegalArgumentException("latencyFactor must be above 1, got " + latencyFactor);
        }
        if (sliceRows < 1 || catchUpThreshold < 0 || catchUpPasses < 1 || samples < 0) {
            throw new IllegalArgumentException("sliceRows and catchUpPasses must be positive, catchUpThreshold and "
                + "samples not negative");
        }
        if (recheckDelay.isNegative()) {
            throw new IllegalArgumentException("recheckDelay must not be negative, got " + recheckDelay);
        }
    }

    /** 0.5 s chunks starting at 500 rows (at most 10,000), no rate limit, pause at 5x latency, 10,000-row slices. */
    public static JobSettings defaults() {
        return new JobSettings(Duration.ofMillis(500), 500, 10_000, 0, 5.0, 10_000, 0, 10, Duration.ofMillis(500), 100);
    }

    public JobSettings withMaxRowsPerSecond(long value) {
        return new JobSettings(chunkTarget, initialChunk, maxChunk, value, latencyFactor, sliceRows, catchUpThreshold,
            catchUpPasses, recheckDelay, samples);
    }

    public JobSettings withLatencyFactor(double value) {
        return new JobSettings(chunkTarget, initialChunk, maxChunk, maxRowsPerSecond, value, sliceRows, catchUpThreshold,
            catchUpPasses, recheckDelay, samples);
    }

    public JobSettings withSliceRows(int value) {
        return new JobSettings(chunkTarget, initialChunk, maxChunk, maxRowsPerSecond, latencyFactor, value,
            catchUpThreshold, catchUpPasses, recheckDelay, samples);
    }

    public JobSettings withChunks(Duration target, int initial, int max) {
        return new JobSettings(target, initial, max, maxRowsPerSecond, latencyFactor, sliceRows, catchUpThreshold,
            catchUpPasses, recheckDelay, samples);
    }
}
