package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.config.DualWriteConfig;
import io.migrationgateway.gateway.dualwrite.DualWriteStore.OutboxEntry;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains the outbox: every {@code dual-write.poll-interval}, claims the entries that are due (across replicas with
 * {@code FOR UPDATE SKIP LOCKED}), oldest write first, and applies each through {@link ObjectSync}; an entry that
 * fails again waits twice as long as before, up to {@code dual-write.retry-max-backoff}. Entries for the legacy side
 * use {@code dual-write.retry-authorization}. An applied (or superseded) entry is closed; one that keeps failing
 * stays until it succeeds or an operator resolves it. {@link #drainOnce} is one round.
 */
public final class OutboxWorker {
    private static final Logger LOG = LoggerFactory.getLogger(OutboxWorker.class);

    private final DualWriteStore store;
    private final ObjectSync sync;
    private final DualWriter writer;
    private final TranslatorRegistry translators;
    private final UnifiedSide unified;
    private final LegacySides legacy;
    private final DualWriteConfig config;
    private final DualWriteStore.LegacyChangedRows legacyChanged;

    OutboxWorker(DualWriteStore store, ObjectSync sync, DualWriter writer, TranslatorRegistry translators, ResourceStore unified,
                 LegacySides legacy, DualWriteConfig config,
                 DualWriteStore.LegacyChangedRows legacyChanged) {
        this.legacyChanged = legacyChanged;
        this.store = store;
        this.sync = sync;
        this.writer = writer;
        this.translators = translators;
        this.unified = new UnifiedSide(unified);
        this.legacy = legacy;
        this.config = config;
    }

    /**
     * One round: the writes stopped gateways left are taken over (each becomes an entry that re-reads its object),
     * then the due entries are applied in order; how many were closed.
     */
    public int drainOnce() {
        for (DualWriteStore.Intent left : store.takeOverOrphans(config.orphanAfter(), config.retryBatch(), legacyChanged)) {
            LOG.warn("gateway {} stopped during a write of {} {} in {} (started {}): {}", left.nodeId(), left.resource(),
                    left.name().isEmpty() ? "(a new object)" : left.name(), left.namespace(), left.startedAt(),
                    "re-reading from the " + left.source().label() + " side what it wrote; recorded as a write outage");
        }
        List<OutboxEntry> due = store.claimDue(config.retryBatch(), lease());
        int closed = 0;
        for (OutboxEntry entry : due) {
            if (retry(entry)) {
                closed++;
            }
        }
        return closed;
    }

    private boolean retry(OutboxEntry entry) {
        Optional<Translator> translator = translators.all().stream()
                .filter(candidate -> candidate.kind().qualifiedResource().equals(entry.ref().resource())).findFirst();
        if (translator.isEmpty()) {
            store.retryLater(entry.id(), "no translator for " + entry.ref().resource() + " in this gateway", config.retryMaxBackoff());
            return false;
        }
        Side legacySide = legacy.of(translator.get(), config.retryAuthorization());
        Side side = entry.ref().target() == Side.Target.UNIFIED ? unified : legacySide;
        Side source = side == unified ? legacySide : unified;
        long start = System.nanoTime();
        try {
            // a write a stopped gateway left: the object as its first side has it now
            Optional<ObjectNode> desired = entry.reread()
                    ? source.read(translator.get(), entry.ref().namespace(), entry.ref().name()) : entry.object();
            ObjectSync.Result result = sync.apply(side, translator.get(), entry.ref().resource(), entry.ref().namespace(),
                    entry.ref().name(), desired, entry.seq());
            writer.recordRetry(entry.ref(), result, (System.nanoTime() - start) / 1e6);
            return store.close(entry.id(), result.outcome().equals("superseded") ? "superseded" : "applied");
        } catch (RuntimeException e) {
            Duration backoff = backoff(entry.attempts());
            LOG.info("outbox entry {} ({} {} on the {} side) failed again, next try in {}: {}", entry.id(), entry.ref().resource(),
                    entry.ref().name(), entry.ref().target().label(), backoff, e.getMessage());
            store.retryLater(entry.id(), e.getMessage() == null ? e.toString() : e.getMessage(), backoff);
            return false;
        }
    }

    /** The wait after the {@code attempts}-th failed attempt: initial × 2^(attempts−1), capped. */
    Duration backoff(int attempts) {
        Duration wait = config.retryInitialBackoff();
        for (int i = 1; i < attempts && wait.compareTo(config.retryMaxBackoff()) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(config.retryMaxBackoff()) > 0 ? config.retryMaxBackoff() : wait;
    }

    /** How long a claimed entry stays hidden from the other replicas: long enough for one round to finish it. */
    private Duration lease() {
        return config.timeLimit().multipliedBy(2).plus(config.pollInterval());
    }

    void drainQuietly() {
        try {
            drainOnce();
        } catch (RuntimeException e) {
            LOG.warn("outbox round failed: {}", e.getMessage());
        }
    }
}
