package io.migrationgateway.translators.hash;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * MurmurHash3 x64-128's block function fed long by long: a fast hash with 128 bits of output that reuses one instance
 * per level of a document (no allocation per value). Everything fed in is self-delimiting (tags and lengths), and
 * {@link #finish} mixes in how many longs came in, so that a trailing zero is not the same as nothing.
 */
final class Mix128 {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private long h1;
    private long h2;
    private long pending;
    private boolean hasPending;
    private long longs;

    void reset() {
        h1 = 0;
        h2 = 0;
        hasPending = false;
        longs = 0;
    }

    void add(long value) {
        longs++;
        if (hasPending) {
            block(pending, value);
            hasPending = false;
        } else {
            pending = value;
            hasPending = true;
        }
    }

    /** Bytes, eight to a long (little-endian), after their count. */
    void addBytes(byte[] bytes, int offset, int length) {
        add(length);
        int i = offset;
        int end = offset + length;
        if (hasPending && i + Long.BYTES <= end) {
            add((long) LONGS.get(bytes, i));
            i += Long.BYTES;
        }
        // two longs a block straight away, as add() would pair them
        for (; i + 2 * Long.BYTES <= end; i += 2 * Long.BYTES) {
            block((long) LONGS.get(bytes, i), (long) LONGS.get(bytes, i + Long.BYTES));
            longs += 2;
        }
        if (i + Long.BYTES <= end) {
            add((long) LONGS.get(bytes, i));
            i += Long.BYTES;
        }
        if (i < end) {
            long last = 0;
            for (int shift = 0; i < end; i++, shift += Byte.SIZE) {
                last |= (bytes[i] & 0xffL) << shift;
            }
            add(last);
        }
    }

    /** Ends the input; {@link #high()} and {@link #low()} are then the hash. */
    void finish() {
        if (hasPending) {
            block(pending, 0);
            hasPending = false;
        }
        h1 ^= longs;
        h2 ^= longs;
        h1 += h2;
        h2 += h1;
        h1 = fmix(h1);
        h2 = fmix(h2);
        h1 += h2;
        h2 += h1;
    }

    long high() {
        return h1;
    }

    long low() {
        return h2;
    }

    Hash128 hash() {
        return new Hash128(h1, h2);
    }

    private void block(long k1, long k2) {
        h1 ^= Long.rotateLeft(k1 * C1, 31) * C2;
        h1 = Long.rotateLeft(h1, 27) + h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= Long.rotateLeft(k2 * C2, 33) * C1;
        h2 = Long.rotateLeft(h2, 31) + h1;
        h2 = h2 * 5 + 0x38495ab5;
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
