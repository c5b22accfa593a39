package io.migrationgateway.gateway.overlegacy;

import java.lang.management.ManagementFactory;

/** The heap a test's data structure keeps: heap in use after full collections, read before and after building it. */
final class RetainedHeap {
    private RetainedHeap() {
    }

    /** Heap in use once garbage is gone; several collections, since one may leave some for the next. */
    static long usedAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
