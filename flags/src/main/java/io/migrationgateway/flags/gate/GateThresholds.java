package io.migrationgateway.flags.gate;

/**
 * How much shadow evidence going up to mode 3 or 4 needs.
 *
 * @param shadowMaxMismatchRate the largest fraction (0 to 1) of compared shadow reads that may differ
 * @param shadowMinCompared     how many of the latest compared live reads that fraction is measured over; with fewer, the
 *                              shadow check needs every object of the scope compared (by traffic or a sweep)
 */
public record GateThresholds(double shadowMaxMismatchRate, int shadowMinCompared) {
    public GateThresholds {
        if (!(shadowMaxMismatchRate >= 0 && shadowMaxMismatchRate <= 1)) {
            throw new IllegalArgumentException("the shadow mismatch rate is a fraction from 0 to 1, got " + shadowMaxMismatchRate);
        }
        if (shadowMinCompared < 1) {
            throw new IllegalArgumentException("at least one compared read is needed, got " + shadowMinCompared);
        }
    }
}
