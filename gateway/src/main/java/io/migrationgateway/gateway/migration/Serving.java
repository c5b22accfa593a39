package io.migrationgateway.gateway.migration;

import io.migrationgateway.flags.mode.Mode;

/** How the gateway serves a resource in a mode: the one reading of the migration ladder (DESIGN §3). */
public enum Serving {
    /** Mode 0: legacy requests pass through; the Resource API is translated onto the legacy side. */
    PASS_THROUGH,
    /** Modes 1–2: the legacy side answers and stays the source of truth; reads are shadowed, writes dual-written. */
    LEGACY_FIRST,
    /** Mode 3: legacy requests are translated onto unified storage, and the legacy side follows each write. */
    UNIFIED_FIRST,
    /** Mode 4: legacy requests are translated onto unified storage only. */
    UNIFIED_ONLY,
    /** Mode 5: legacy routes answer 410; the Resource API alone serves the resource. */
    RETIRED;

    public static Serving of(Mode mode) {
        return switch (mode) {
            case LEGACY -> PASS_THROUGH;
            case SHADOW, DUAL_WRITE -> LEGACY_FIRST;
            case UNIFIED_READ -> UNIFIED_FIRST;
            case UNIFIED_ONLY -> UNIFIED_ONLY;
            case LEGACY_RETIRED -> RETIRED;
        };
    }

    /** Whether Resource API calls are served by unified storage (modes 3–5) rather than translated onto the legacy side. */
    public boolean resourceApiOnUnified() {
        return this == UNIFIED_FIRST || this == UNIFIED_ONLY || this == RETIRED;
    }
}
