package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.Mode;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.translators.KindDeclaration;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;

/**
 * Runs each Resource API call of a translator's legacy plan against unified storage: the calls on the plan's own kind
 * always (that is what answering from unified storage means, in mode 3 and 4 and for shadow reads in modes 1 and 2),
 * the calls on other kinds where those kinds live now: unified storage from mode 3 up in the call's namespace, else
 * the legacy API through that kind's translator, as the caller. So a dashboard in mode 4 can be saved into, and read
 * with, a folder that only the legacy side has yet.
 */
final class ResourceCallsByMode {
    private final MigrationModes modes;
    private final TranslatorRegistry translators;
    private final UnifiedStoreCalls unified;
    private final LegacyClient legacy;

    ResourceCallsByMode(MigrationModes modes, TranslatorRegistry translators, UnifiedStoreCalls unified, LegacyClient legacy) {
        this.modes = modes;
        this.translators = translators;
        this.unified = unified;
        this.legacy = legacy;
    }

    /**
     * The outcome of {@code call}, made as the caller whose {@code Authorization} header this is.
     *
     * @param planKind the kind whose legacy plan makes the call
     *
     * @throws io.migrationgateway.storage.StorageUnavailableException when unified storage cannot serve it
     * @throws io.migrationgateway.gateway.upstream.LegacyUnavailableException when the legacy side does not answer
     */
    ResourceOutcome run(ResourceCall call, KindDeclaration planKind, String authorization) {
        if (call.kind().equals(planKind)
                || modes.modeOf(call.kind().qualifiedResource(), call.namespace()).number() >= Mode.UNIFIED_READ.number()) {
            return unified.run(call);
        }
        return translators.forKind(call.kind().group(), call.kind().plural())
                .map(translator -> legacy.run(translator.resourcePlan(call), authorization))
                .orElseGet(() -> unified.run(call)); // a kind without a translator has no legacy side
    }
}
