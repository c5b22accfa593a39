package io.migrationgateway.reports;

/** Shares as percentages, rounded to two decimals, 0 when there is nothing to share. */
final class Percent {
    private Percent() {
    }

    static double of(long part, long whole) {
        return whole == 0 ? 0 : Math.round(10_000.0 * part / whole) / 100.0;
    }
}
