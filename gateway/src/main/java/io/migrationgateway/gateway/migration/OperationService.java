package io.migrationgateway.gateway.migration;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.util.Optional;

/** Who answers one legacy operation of a resource in a mode, in operators' words (docs/legacy-surface.md). */
public final class OperationService {
    private OperationService() {
    }

    /**
     * @param untranslated the operation's handling when it is not translated; empty for a translated route
     */
    public static String in(Mode mode, Optional<UntranslatedOperation.Handling> untranslated) {
        if (untranslated.isPresent() && untranslated.get() == UntranslatedOperation.Handling.LEGACY_SIDE) {
            return "legacy side";
        }
        Serving serving = Serving.of(mode);
        if (untranslated.isPresent()) {
            return switch (serving) {
                case UNIFIED_ONLY -> "refused (501)";
                case RETIRED -> "gone (410)";
                default -> "legacy side";
            };
        }
        return switch (serving) {
            case PASS_THROUGH -> "legacy side";
            case LEGACY_FIRST -> "legacy side, compared with unified storage";
            case UNIFIED_FIRST -> "unified storage, copied to the legacy side";
            case UNIFIED_ONLY -> "unified storage";
            case RETIRED -> "gone (410)";
        };
    }
}
