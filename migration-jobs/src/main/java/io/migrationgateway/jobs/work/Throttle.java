package io.migrationgateway.jobs.work;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Protects the legacy database from a runner: at most {@code maxRowsPerSecond} rows read per second (0: no limit),
 * and a pause whenever a read is slower per row than {@code latencyFactor} times the fastest read seen, as long as the
 * slow read took, so that a busy legacy database gets at least half its time back. Not thread-safe: one per runner.
 */
public final class Throttle {
    /** Waits; tests pass one that records and moves their clock. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    // Reads of a few rows are dominated by the round trip; their per-row figure says nothing about load.
    private static final int MIN_ROWS_FOR_LATENCY = 10;

    private final long maxRowsPerSecond;
    private final double latencyFactor;
    private final Sleeper sleeper;
    private final LongSupplier nanoTime;
    private long nextReadAt;
    private double fastestPerRow = Double.MAX_VALUE;
    private long pauses;

    public Throttle(long maxRowsPerSecond, double latencyFactor, Sleeper sleeper, LongSupplier nanoTime) {
        this.maxRowsPerSecond = maxRowsPerSecond;
        this.latencyFactor = latencyFactor;
        this.sleeper = sleeper;
        this.nanoTime = nanoTime;
        this.nextReadAt = nanoTime.getAsLong();
    }

    /** Waits until reading {@code rows} more rows keeps within the rate. */
    public void beforeRead(int rows) throws InterruptedException {
        if (maxRowsPerSecond == 0) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (nextReadAt > now) {
            sleeper.sleep(Duration.ofNanos(nextReadAt - now));
            now = nextReadAt;
        }
        nextReadAt = Math.max(nextReadAt, now - 1_000_000_000L) + rows * 1_000_000_000L / maxRowsPerSecond;
    }

    /** After a read of {@code rows} rows that took {@code latency}: pauses when the legacy database slowed down. */
    public void afterRead(int rows, Duration latency) throws InterruptedException {
        if (rows < MIN_ROWS_FOR_LATENCY) {
            return;
        }
        double perRow = (double) latency.toNanos() / rows;
        if (perRow > fastestPerRow * latencyFactor) {
            pauses++;
            sleeper.sleep(latency);
        }
        fastestPerRow = Math.min(fastestPerRow, perRow);
    }

    /** How often the legacy database's latency made the runner pause. */
    public long pauses() {
        return pauses;
    }
}
