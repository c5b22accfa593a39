package io.migrationgateway.flags;

import io.migrationgateway.flags.gate.GateThresholds;
import io.migrationgateway.flags.mode.Mode;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How the flags behave.
 *
 * @param refreshInterval how often every flag is re-read even without a change notification
 * @param thresholds      what the shadow-comparison gate needs
 * @param servedModes     the modes the gateway can route; flips to others are refused, even forced
 */
public record FlagsSettings(Duration refreshInterval, GateThresholds thresholds, Set<Mode> servedModes) {
    /** Every rung of the ladder: what a gateway with shadow comparison and dual-write serves. */
    public static final Set<Mode> EVERY_MODE = Set.copyOf(EnumSet.allOf(Mode.class));

    public FlagsSettings {
        Objects.requireNonNull(refreshInterval, "refreshInterval");
        Objects.requireNonNull(thresholds, "thresholds");
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException("the refresh interval must be positive, got " + refreshInterval);
        }
        if (!servedModes.contains(Mode.LEGACY)) {
            throw new IllegalArgumentException("mode 0 must be served: it is what a feature that is off means");
        }
        servedModes = Set.copyOf(servedModes);
    }
}
