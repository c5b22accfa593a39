package io.migrationgateway.translators.table;

/** Legacy ids above {@code after} and up to {@code last} ({@code Long.MAX_VALUE}: no end). */
public record KeyRange(long after, long last) {
    public KeyRange {
        if (last < after) {
            throw new IllegalArgumentException("empty range (" + after + ", " + last + "]");
        }
    }

    public KeyRange from(long newAfter) {
        return new KeyRange(newAfter, last);
    }
}
