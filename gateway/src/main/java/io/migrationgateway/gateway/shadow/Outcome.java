package io.migrationgateway.gateway.shadow;

import java.util.Locale;

/** What a shadow comparison found. */
public enum Outcome {
    /** Both sides agreed (after the rules). */
    MATCH,
    /** At least one path differed clearly more often than the authoritative side differs from itself. */
    MISMATCH,
    /** The sides differed only where the authoritative side also differs from itself. */
    NOISE,
    /** The shadow side failed or took longer than the time limit. */
    SHADOW_ERROR,
    /** Not compared: queue full, body over the cap, ... (counted, never silently dropped). */
    SKIPPED;

    private final String label = name().toLowerCase(Locale.ROOT).replace('_', '-');

    /** {@code match}, {@code shadow-error}, ...: the label stored and reported. */
    public String label() {
        return label;
    }
}
