package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.translators.Translator;

/**
 * How a mode-3 write on {@code /apis} reaches the legacy side, as a legacy route's does: written down before unified
 * storage makes it, copied after (the dual-write's {@code DualWriter}, declared here so that this package does not
 * depend on the dual-write's).
 */
public interface LegacyCopies {
    /** Writes down the write before unified storage makes it; the id {@link #closeIntent} takes. */
    long openIntent(Mode mode, Translator translator, String namespace, String name);

    /** Copies the object as unified storage has it to the legacy side; what it does not take waits in the outbox. */
    void copyToLegacy(Translator translator, String namespace, String name, String authorization);

    void closeIntent(long id);
}
