package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A copy of the body bytes the lane relays, for {@link Relay.Copying}, up to a cap; past it the copy is given up and
 * its memory let go. Grows as bytes come, so an answer costs what it holds, not the cap.
 */
final class BodyCopy {
    private final int cap;
    private byte[] bytes = new byte[0];
    private int size;
    private boolean overflowed;

    BodyCopy(int cap) {
        this.cap = cap;
    }

    /** Copies bytes [from, from + count) of {@code buf}. */
    void add(ByteBuffer buf, int from, int count) {
        if (overflowed || count <= 0) {
            return;
        }
        if (size + count > cap) {
            overflowed = true;
            bytes = null;
            return;
        }
        if (size + count > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.min(cap, Math.max(size + count, Math.max(4_096, bytes.length * 2))));
        }
        buf.get(from, bytes, size, count);
        size += count;
    }

    /** The bytes copied, or null when they were more than the cap. */
    byte[] bytes() {
        return overflowed ? null : Arrays.copyOf(bytes, size);
    }
}
