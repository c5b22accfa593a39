package io.migrationgateway.jobs.copy;

import java.time.Duration;

/**
 * Chunk sizes that adapt toward a time target, as pt-table-checksum's do: the next chunk is the last one scaled by
 * target / elapsed, moving at most by half or double per step so that one slow or fast chunk does not swing it.
 */
public final class ChunkSizer {
    private final long targetNanos;
    private final int max;
    private int size;

    public ChunkSizer(Duration target, int initial, int max) {
        this.targetNanos = target.toNanos();
        this.max = max;
        this.size = initial;
    }

    public int size() {
        return size;
    }

    /** The size of the next chunk, after one of {@link #size()} rows took {@code elapsed}. */
    public int observe(int rows, Duration elapsed) {
        if (rows < size) {
            return size;
        }
        double scale = (double) targetNanos / Math.max(1, elapsed.toNanos());
        scale = Math.max(0.5, Math.min(2.0, scale));
        size = (int) Math.max(1, Math.min(max, Math.round(size * scale)));
        return size;
    }
}
