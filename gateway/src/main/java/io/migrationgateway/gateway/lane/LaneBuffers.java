package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * One IO thread's free list of the direct buffers its lane connections read and write with. A request in flight holds
 * three (its head for the upstream, the answer, the head for the caller), so a thread with a few dozen requests in
 * flight needs a hundred; Undertow's pool keeps four per thread and allocated and freed direct buffers for the rest,
 * about 7 % of the gateway's CPU on the pass-through benchmark. Taken and given back on the owning thread only.
 */
final class LaneBuffers {
    private final int bufferSize;
    private final int maxKept;
    private final ArrayDeque<ByteBuffer> free = new ArrayDeque<>();

    LaneBuffers(int bufferSize, int maxKept) {
        this.bufferSize = bufferSize;
        this.maxKept = maxKept;
    }

    /** A cleared buffer. */
    ByteBuffer take() {
        ByteBuffer buffer = free.pollFirst();
        return buffer != null ? buffer : ByteBuffer.allocateDirect(bufferSize);
    }

    /** Returns a buffer; null is ignored. Beyond {@code maxKept}, the garbage collector frees it. */
    void giveBack(ByteBuffer buffer) {
        if (buffer != null && free.size() < maxKept) {
            buffer.clear();
            free.addFirst(buffer);
        }
    }
}
