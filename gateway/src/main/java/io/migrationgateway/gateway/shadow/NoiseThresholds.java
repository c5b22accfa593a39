package io.migrationgateway.gateway.shadow;

/**
 * Diffy's noise cancellation as a rule on counts: a path whose two sides differ is a real mismatch only when it
 * differs clearly more often between the two sides than between two answers of the authoritative side alone. Rates
 * are used rather than counts because only a sample of compared reads is checked for noise.
 *
 * @param relative how much larger the difference rate must be than the noise rate, as a fraction of the larger (0.2)
 * @param absolute how much larger, as a fraction of compared reads (0.0003)
 */
public record NoiseThresholds(double relative, double absolute) {
    /**
     * Whether a path is a mismatch rather than noise.
     *
     * @param raw         reads of the route whose two sides differed at the path
     * @param compared    reads of the route compared
     * @param noise       noise checks of the route whose two authoritative answers differed at the path
     * @param noiseChecks noise checks of the route
     */
    public boolean isMismatch(long raw, long compared, long noise, long noiseChecks) {
        double rawRate = compared == 0 ? 0 : (double) raw / compared;
        double noiseRate = noiseChecks == 0 ? 0 : (double) noise / noiseChecks;
        double excess = rawRate - noiseRate;
        return excess > 0 && excess / Math.max(rawRate, noiseRate) > relative && excess > absolute;
    }
}
