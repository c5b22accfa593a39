package io.migrationgateway.jobs.work;

import java.time.Duration;

/**
 * Chunk sizes that adapt toward a time target, as pt-table-checksum's do: the next chunk is the last one scaled by
 * target / elapsed, moving at most by half or double per step so that one slow or fast chunk does not swing it. A
 * byte budget, when given, caps the size at the rows of the last chunk's average size that fit in it: a chunk of
 * 15 KB dashboards is held in memory as trees several times that size.
 */
public final class ChunkSizer {
    private final long targetNanos;
    private final int max;
    private final long byteBudget;
    private int size;

    /** No byte budget. */
    public ChunkSizer(Duration target, int initial, int max) {
        this(target, initial, max, Long.MAX_VALUE);
    }

    public ChunkSizer(Duration target, int initial, int max, long byteBudget) {
        this.targetNanos = target.toNanos();
        this.max = max;
        this.byteBudget = byteBudget;
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

    /** {@link #observe(int, Duration)}, then the byte budget, after a chunk of {@code rows} rows of {@code bytes}. */
    public int observe(int rows, long bytes, Duration elapsed) {
        observe(rows, elapsed);
        if (rows > 0 && bytes > 0) {
            size = (int) Math.max(1, Math.min(size, byteBudget / Math.max(1, bytes / rows)));
        }
        return size;
    }
}
