package io.migrationgateway.gateway.config;

import io.migrationgateway.flags.FlagsSettings;
import io.migrationgateway.flags.gate.GateThresholds;
import java.time.Duration;

/**
 * The per-resource migration flags (Togglz features on the admin port's console).
 *
 * @param refreshInterval how often a replica re-reads every flag even without a change
 *                        notification (changes normally arrive within milliseconds through LISTEN/NOTIFY)
 * @param gates           what going up to mode 3 or 4 needs from shadow comparison
 */
public record FlagsConfig(Duration refreshInterval, GatesConfig gates) {
    public FlagsConfig {
        Checks.positive("flags.refresh-interval", refreshInterval);
        if (gates == null) {
            throw new ConfigException("flags.gates", "is required");
        }
    }

    /**
     * @param shadowMaxMismatchRate the largest fraction (0 to 1) of the latest compared shadow reads that may differ
     * @param shadowMinCompared     how many compared reads that fraction is measured over; fewer is inconclusive
     */
    public record GatesConfig(double shadowMaxMismatchRate, int shadowMinCompared) {
        public GatesConfig {
            if (!(shadowMaxMismatchRate >= 0 && shadowMaxMismatchRate <= 1)) {
                throw new ConfigException("flags.gates.shadow-max-mismatch-rate", "must be a fraction from 0 to 1 (0.001 = 0.1 %), got "
                        + shadowMaxMismatchRate);
            }
            Checks.range("flags.gates.shadow-min-compared", shadowMinCompared, 1, 100_000_000);
        }
    }

    /** The flags module's settings; the gateway serves every mode. */
    public FlagsSettings settings() {
        return new FlagsSettings(refreshInterval, new GateThresholds(gates.shadowMaxMismatchRate(), gates.shadowMinCompared()),
                FlagsSettings.EVERY_MODE);
    }
}
