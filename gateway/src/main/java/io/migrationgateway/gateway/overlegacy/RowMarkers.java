package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.storage.WatchEvent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The change marker of every row of one legacy table as the last pass over the table read it, so that the next pass
 * tells which rows were added, changed or deleted in between. Built for a million rows: nothing per row is an object.
 *
 * <p>Memory: a row costs its key (the org as a varint, then the uid in UTF-8: 15 bytes for a 14-character uid) in one
 * byte arena, 8 bytes of marker, 4 of arena offset and about 7 of hash slot, plus an eighth for room to grow: about
 * 40 bytes for a Grafana uid (measured in {@code RowMarkersTest}). A pass that adds many rows grows the arrays by
 * half and its end gives the room back, as it does for the room of the rows it found deleted.
 *
 * <p>A pass is {@link #beginPass}, {@link #row} for each row of the table as it is now (in any order, each once),
 * then {@link #endPass}. A pass left unfinished (the read failed) reports no deletion, and the next pass starts over.
 * Not thread-safe: one pass at a time, on one thread (or handed over with a happens-before edge).
 */
final class RowMarkers {
    /** Where a pass reports a row that differs from the pass before. */
    @FunctionalInterface
    interface Differences {
        /** {@code type} is ADDED, MODIFIED or DELETED. */
        void found(WatchEvent.Type type, long orgId, String uid);
    }

    /** Past this load the slot table doubles during a pass; a pass's end brings it back to {@link #FIT_LOAD_PERCENT}. */
    private static final int MAX_LOAD_PERCENT = 70;
    private static final int FIT_LOAD_PERCENT = 60;
    private static final int MIN_LOAD_PERCENT = 50;
    private static final int LONG_BITS = 64;

    private byte[] keys = new byte[256];
    /** Row {@code r}'s key is {@code keys[keyStarts[r] .. keyStarts[r + 1])}. */
    private int[] keyStarts = new int[17];
    private long[] markers = new long[16];
    private long[] seen = new long[1];
    /** Open addressing with linear probing: a row's index plus one, 0 for a free slot. */
    private int[] slots = new int[32];
    private int rows;

    /** Starts a pass over the whole table. */
    void beginPass() {
        Arrays.fill(seen, 0);
    }

    /** One row of the table as it is now: reported when it is new or its marker moved since the last pass. */
    void row(long orgId, String uid, long marker, Differences differences) {
        if (load(rows + 1) > MAX_LOAD_PERCENT) {
            rehash(slots.length * 2);
        }
        int start = keyStarts[rows];
        int length = writeKey(start, orgId, uid);
        int slot = find(start, length, hash(start, length));
        int row = slots[slot] - 1;
        if (row < 0) {
            row = append(length, marker);
            slots[slot] = row + 1;
            markSeen(row);
            differences.found(WatchEvent.Type.ADDED, orgId, uid);
        } else {
            markSeen(row);
            if (markers[row] != marker) {
                markers[row] = marker;
                differences.found(WatchEvent.Type.MODIFIED, orgId, uid);
            }
        }
    }

    /** Ends the pass: every row it did not see is reported deleted and forgotten. */
    void endPass(Differences differences) {
        int kept = 0;
        for (int row = 0; row < rows; row++) {
            int start = keyStarts[row];
            int end = keyStarts[row + 1];
            if ((seen[row / LONG_BITS] & (1L << row)) == 0) {
                reportDeleted(start, end, differences);
                continue;
            }
            if (kept != row) { // slide down over the deleted rows; the key moves to a lower offset, never over itself
                int to = keyStarts[kept];
                System.arraycopy(keys, start, keys, to, end - start);
                keyStarts[kept + 1] = to + end - start;
                markers[kept] = markers[row];
            }
            kept++;
        }
        boolean deleted = kept != rows;
        rows = kept;
        if (markers.length > rows + (rows >> 2) + 16 || keys.length > keyStarts[rows] + (keyStarts[rows] >> 2) + 256) {
            fit(); // room left by growth or by deletions
        }
        if (deleted || load(rows) < MIN_LOAD_PERCENT) {
            rehash(Math.max(32, (int) ((long) rows * 100 / FIT_LOAD_PERCENT)));
        }
    }

    /** Writes the key of (org, uid) at {@code start}, past the keys kept, and returns its length. */
    private int writeKey(int start, long orgId, String uid) {
        byte[] utf8 = uid.getBytes(StandardCharsets.UTF_8);
        ensureKeys(start + 10 + utf8.length);
        int at = start;
        long rest = orgId;
        while ((rest & ~0x7FL) != 0) {
            keys[at++] = (byte) ((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        keys[at++] = (byte) rest;
        System.arraycopy(utf8, 0, keys, at, utf8.length);
        return at + utf8.length - start;
    }

    private void reportDeleted(int start, int end, Differences differences) {
        long orgId = 0;
        int at = start;
        for (int shift = 0; ; shift += 7) {
            byte b = keys[at++];
            orgId |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        differences.found(WatchEvent.Type.DELETED, orgId, new String(keys, at, end - at, StandardCharsets.UTF_8));
    }

    /** The slot holding the key at {@code keys[start .. start + length)}, or the free slot where it belongs. */
    private int find(int start, int length, int hash) {
        for (int slot = home(hash); ; slot = next(slot)) {
            int row = slots[slot] - 1;
            if (row < 0 || Arrays.equals(keys, keyStarts[row], keyStarts[row + 1], keys, start, start + length)) {
                return slot;
            }
        }
    }

    private int append(int keyLength, long marker) {
        int row = rows++;
        if (rows + 1 > keyStarts.length) {
            int capacity = markers.length + (markers.length >> 1);
            keyStarts = Arrays.copyOf(keyStarts, capacity + 1);
            markers = Arrays.copyOf(markers, capacity);
            seen = Arrays.copyOf(seen, (capacity + LONG_BITS - 1) / LONG_BITS);
        }
        keyStarts[rows] = keyStarts[row] + keyLength;
        markers[row] = marker;
        return row;
    }

    private void markSeen(int row) {
        seen[row / LONG_BITS] |= 1L << row;
    }

    private void ensureKeys(int length) {
        if (length > keys.length) {
            keys = Arrays.copyOf(keys, Math.max(length, keys.length + (keys.length >> 1)));
        }
    }

    /** Arrays an eighth larger than the rows need. */
    private void fit() {
        int capacity = rows + (rows >> 3) + 16;
        keyStarts = Arrays.copyOf(keyStarts, capacity + 1);
        markers = Arrays.copyOf(markers, capacity);
        seen = Arrays.copyOf(seen, (capacity + LONG_BITS - 1) / LONG_BITS);
        keys = Arrays.copyOf(keys, keyStarts[rows] + (keyStarts[rows] >> 3) + 256);
    }

    private int load(int rowCount) {
        return (int) ((long) rowCount * 100 / slots.length);
    }

    private void rehash(int size) {
        slots = new int[size];
        for (int row = 0; row < rows; row++) {
            int start = keyStarts[row];
            int slot = home(hash(start, keyStarts[row + 1] - start));
            while (slots[slot] != 0) {
                slot = next(slot);
            }
            slots[slot] = row + 1;
        }
    }

    /** A hash's first slot: the table's size need not be a power of two, so it stays near the fitted load. */
    private int home(int hash) {
        return (int) (((hash & 0xFFFFFFFFL) * slots.length) >>> 32);
    }

    private int next(int slot) {
        return slot + 1 == slots.length ? 0 : slot + 1;
    }

    /** The key's bytes, mixed (MurmurHash3's finalizer) so that similar uids spread over the slots. */
    private int hash(int start, int length) {
        int h = length;
        for (int i = start; i < start + length; i++) {
            h = 31 * h + keys[i];
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
