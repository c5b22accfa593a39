package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.Mode;
import io.migrationgateway.gateway.overlegacy.LegacyApiClient;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;

/**
 * Runs each Resource API call of a translator's legacy plan where its kind lives now: unified storage when the kind
 * is in mode 3 or above in the call's namespace, else the legacy API through that kind's translator, as the caller.
 * So a dashboard in mode 4 can be saved into, and read with, a folder that only the legacy side has yet.
 */
final class ResourceCallsByMode {
    private final MigrationModes modes;
    private final TranslatorRegistry translators;
    private final UnifiedStoreCalls unified;
    private final LegacyApiClient legacy;

    ResourceCallsByMode(MigrationModes modes, TranslatorRegistry translators, UnifiedStoreCalls unified, LegacyApiClient legacy) {
        this.modes = modes;
        this.translators = translators;
        this.unified = unified;
        this.legacy = legacy;
    }

    /**
     * The outcome of {@code call}, made as the caller whose {@code Authorization} header this is.
     *
     * @throws io.migrationgateway.storage.StorageUnavailableException when the store that serves it cannot be reached
     */
    ResourceOutcome run(ResourceCall call, String authorization) {
        Mode mode = modes.modeOf(call.kind().qualifiedResource(), call.namespace());
        if (mode.number() >= Mode.UNIFIED_READ.number()) {
            return unified.run(call);
        }
        return translators.forKind(call.kind().group(), call.kind().plural())
                .map(translator -> legacy.run(translator.resourcePlan(call), authorization))
                .orElseGet(() -> unified.run(call)); // a kind without a translator has no legacy side
    }
}
