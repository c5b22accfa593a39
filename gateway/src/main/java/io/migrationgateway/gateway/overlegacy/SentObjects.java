package io.migrationgateway.gateway.overlegacy;

/**
 * The objects a watch has sent and not since sent as deleted, as 64-bit hashes of namespace and name: what the
 * watcher holds, kept in 11 to 22 bytes per object (8-byte slots, at most three quarters full), so a watch of a
 * million objects holds about 16 MB and no object. Two names whose hashes are equal count as one; among a million
 * names that happens with a chance of about 1 in 37 million.
 *
 * <p>Not thread-safe: it belongs to the watch's consumer thread.
 */
final class SentObjects {
    private static final long FREE = 0;
    private static final int MAX_LOAD_PERCENT = 75;

    private long[] slots = new long[64];
    private int size;

    /** Records that the watcher now holds the object; whether it did not before. */
    boolean add(String namespace, String name) {
        if ((long) (size + 1) * 100 > (long) slots.length * MAX_LOAD_PERCENT) {
            grow();
        }
        long hash = hash(namespace, name);
        int slot = find(hash);
        if (slots[slot] == hash) {
            return false;
        }
        slots[slot] = hash;
        size++;
        return true;
    }

    /** Records that the watcher no longer holds the object; whether it did. */
    boolean remove(String namespace, String name) {
        int slot = find(hash(namespace, name));
        if (slots[slot] == FREE) {
            return false;
        }
        closeGap(slot);
        size--;
        return true;
    }

    /** The slot holding {@code hash}, or the free slot where it belongs. */
    private int find(long hash) {
        int mask = slots.length - 1;
        for (int slot = home(hash, mask); ; slot = (slot + 1) & mask) {
            if (slots[slot] == hash || slots[slot] == FREE) {
                return slot;
            }
        }
    }

    /** Linear probing's deletion: later entries of the run that may sit in the gap move back, so lookups stop at no hole. */
    private void closeGap(int gap) {
        int mask = slots.length - 1;
        int hole = gap;
        for (int slot = (hole + 1) & mask; slots[slot] != FREE; slot = (slot + 1) & mask) {
            int home = home(slots[slot], mask);
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                slots[hole] = slots[slot];
                hole = slot;
            }
        }
        slots[hole] = FREE;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long hash : old) {
            if (hash != FREE) {
                int slot = home(hash, mask);
                while (slots[slot] != FREE) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = hash;
            }
        }
    }

    private static int home(long hash, int mask) {
        return (int) hash & mask;
    }

    /** FNV-1a over namespace, a separator no namespace contains, and name; then MurmurHash3's 64-bit finalizer. */
    private static long hash(String namespace, String name) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < namespace.length(); i++) {
            h = (h ^ namespace.charAt(i)) * 0x100000001B3L;
        }
        h = (h ^ '/') * 0x100000001B3L;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h == FREE ? 1 : h;
    }
}
