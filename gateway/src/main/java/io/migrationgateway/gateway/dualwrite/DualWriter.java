package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.dualwrite.DualWriteStore.ObjectRef;
import io.migrationgateway.gateway.dualwrite.DualWriteStore.WriteRecord;
import io.migrationgateway.gateway.budget.BoundedWork;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.overlegacy.LegacyCopies;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The second write of each mode (DESIGN §3), after the authoritative store took the first: the object is read back from
 * the authoritative store as a Resource API object (legacy: through the translator's over-legacy plan, with the caller's
 * credentials) and made the state of the other store by {@link ObjectSync}. Every write is recorded
 * ({@code dual_write}); what the other store does not take goes to the outbox, so nothing is lost:
 *
 * <ul>
 *   <li>mode 1 ({@link #copyToUnifiedLater}): in the background, best effort; a failure is recorded, nothing more;</li>
 *   <li>mode 2 ({@link #copyToUnified}): before the caller's answer; a create unified storage did not take is undone on
 *       the legacy side, an update or delete it did not take waits in the outbox;</li>
 *   <li>mode 3 ({@link #copyToLegacy}): after the unified write, before the answer; what the legacy side did not take
 *       waits in the outbox, and the caller's write stands.</li>
 * </ul>
 * Blocking (except {@link #copyToUnifiedLater}): call on a worker thread. Thread-safe.
 */
public final class DualWriter implements LegacyCopies {
    private static final Logger LOG = LoggerFactory.getLogger(DualWriter.class);

    private final DualWriteStore store;
    private final String nodeId;
    private final ObjectSync sync;
    private final UnifiedSide unified;
    private final LegacySides legacy;
    private final BoundedWork work;
    private final MeterRegistry registry;
    private final ExecutorService recorder = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    DualWriter(DualWriteStore store, ObjectSync sync, ResourceStore unified, LegacySides legacy, BoundedWork work,
               MeterRegistry registry, String nodeId) {
        this.nodeId = nodeId;
        this.store = store;
        this.sync = sync;
        this.unified = new UnifiedSide(unified);
        this.legacy = legacy;
        this.work = work;
        this.registry = registry;
    }

    /** What the caller of a mode-2 write is told. */
    public sealed interface Copy {
        /** Both stores have the write. */
        record Done() implements Copy {
        }

        /** Unified storage did not take a create, and the legacy side's create was undone. */
        record Undone(String reason) implements Copy {
        }

        /**
         * Unified storage did not take the write, which the legacy side has; {@code waiting}: it waits in the outbox
         * (false when the legacy side could not even be read back, so there was nothing to queue: an outage recorded
         * for the gate, which a verification must clear).
         */
        record Queued(String reason, boolean waiting) implements Copy {
        }
    }

    /**
     * Writes down a write of modes 2 and 3 before its first side ({@code source}) makes it, so that a gateway that stops
     * without a clean stop leaves it for another to finish ({@link OutboxWorker}): mode 2 writes the legacy side first,
     * mode 3 unified storage; {@code name} is empty for a create that names no object. Close it with {@link #closeIntent} once the second side or the outbox has the write.
     */
    @Override
    public long openIntent(Mode mode, Translator translator, String namespace, String name) {
        Side.Target source = mode == Mode.UNIFIED_READ ? Side.Target.UNIFIED : Side.Target.LEGACY;
        return store.openIntent(nodeId, source, translator.kind().qualifiedResource(), namespace, name);
    }

    @Override
    public void closeIntent(long id) {
        try {
            store.closeIntent(id);
        } catch (RuntimeException e) {
            // left open, it is taken over once this gateway stops beating: the object is synced again, no harm done
            LOG.warn("cannot close dual-write intent {}: {}", id, e.getMessage());
        }
    }

    /**
     * The name of the object whose legacy id is {@code legacyId}, as the store that serves {@code mode} has it (unified
     * storage in mode 3, the legacy side below), for kinds whose legacy routes address objects by id; empty when it
     * has none or cannot say. Blocking.
     */
    public Optional<String> nameOf(Mode mode, Translator translator, String namespace, long legacyId) {
        Side side = mode == Mode.UNIFIED_READ ? unified : legacy.of(translator, "");
        try {
            return side.nameOf(translator, namespace, legacyId);
        } catch (Side.SideFailure e) {
            LOG.warn("cannot tell which {} has legacy id {}: {}", translator.kind().plural(), legacyId, e.getMessage());
            return Optional.empty();
        }
    }

    /** Mode 1: copies a legacy write to unified storage in the background; never fails or slows the caller. */
    public void copyToUnifiedLater(Translator translator, String namespace, String name, String authorization) {
        String resource = translator.kind().qualifiedResource();
        boolean queued = work.offer(() -> {
            try {
                copy(Mode.SHADOW, translator, namespace, name, legacy.of(translator, authorization), unified);
            } catch (RuntimeException e) {
                LOG.warn("mode 1 copy of {} {} to unified storage failed: {}", resource, name, e.getMessage());
            }
        });
        if (!queued) {
            recordLater(new WriteRecord(new ObjectRef(Side.Target.UNIFIED, resource, namespace, name), Optional.of(Mode.SHADOW), "failed", false,
                    "not copied: the dual-write queue was full", "[]", 0, 0));
        }
    }

    /**
     * Mode 1, for a kind addressed by legacy id: finds the object of {@code legacyId} on the legacy side, then copies it,
     * both in the background. An object already gone is not found: the copy job's catch-up takes it.
     */
    public void copyToUnifiedLater(Translator translator, String namespace, long legacyId, String authorization) {
        boolean queued = work.offer(() -> nameOf(Mode.SHADOW, translator, namespace, legacyId)
                .ifPresent(name -> copyToUnifiedLater(translator, namespace, name, authorization)));
        if (!queued) {
            LOG.warn("mode 1 copy of {} legacy id {} to unified storage dropped: the dual-write queue was full",
                    translator.kind().qualifiedResource(), legacyId);
        }
    }

    /**
     * Mode 2: copies a legacy write to unified storage now.
     *
     * @param created whether the legacy write created the object (undone when unified storage does not take it)
     */
    public Copy copyToUnified(Translator translator, String namespace, String name, String authorization, boolean created) {
        Side legacySide = legacy.of(translator, authorization);
        Attempt attempt = attempt(Mode.DUAL_WRITE, translator, namespace, name, legacySide, unified);
        if (attempt.failure().isEmpty()) {
            return new Copy.Done();
        }
        String resource = translator.kind().qualifiedResource();
        ObjectRef ref = new ObjectRef(Side.Target.UNIFIED, resource, namespace, name);
        String why = attempt.failure().get();
        if (created && attempt.desired().isPresent()) {
            try {
                legacySide.delete(translator, namespace, name);
                // a unified write that timed out may still land: the outbox makes "no object" win over it
                store.enqueue(ref, store.nextSeq(), Optional.empty(), "undone create: " + why);
                record(new WriteRecord(ref, Optional.of(Mode.DUAL_WRITE), "compensated", false, why, "[]", attempt.sourceMs(), 0));
                return new Copy.Undone(why);
            } catch (RuntimeException e) {
                LOG.warn("mode 2: undoing the legacy create of {} {} failed: {}", resource, name, e.getMessage());
            }
        }
        if (attempt.seq() == 0) {
            return new Copy.Queued(why, false);
        }
        store.enqueue(ref, attempt.seq(), attempt.desired(), why);
        record(new WriteRecord(ref, Optional.of(Mode.DUAL_WRITE), "queued", false, why, "[]", attempt.sourceMs(), 0));
        return new Copy.Queued(why, true);
    }

    /** Mode 3: copies a unified write to the legacy side now; what it does not take waits in the outbox. */
    @Override
    public void copyToLegacy(Translator translator, String namespace, String name, String authorization) {
        Attempt attempt = attempt(Mode.UNIFIED_READ, translator, namespace, name, unified, legacy.of(translator, authorization));
        if (attempt.failure().isPresent() && attempt.seq() > 0) {
            ObjectRef ref = new ObjectRef(Side.Target.LEGACY, translator.kind().qualifiedResource(), namespace, name);
            store.enqueue(ref, attempt.seq(), attempt.desired(), attempt.failure().get());
            record(new WriteRecord(ref, Optional.of(Mode.UNIFIED_READ), "queued", false, attempt.failure().get(), "[]", attempt.sourceMs(), 0));
        }
    }

    /**
     * One try: number the write, read the object from {@code source}, apply it to {@code target} within the time limit,
     * record the outcome. {@code seq} is 0 when the source could not even be read (nothing to queue).
     */
    private record Attempt(Optional<ObjectNode> desired, long seq, Optional<String> failure, double sourceMs) {
    }

    private Attempt attempt(Mode mode, Translator translator, String namespace, String name, Side source, Side target) {
        String resource = translator.kind().qualifiedResource();
        ObjectRef ref = new ObjectRef(target.target(), resource, namespace, name);
        // numbered before the read: a copy that reads an older state than another copy of the object took its number
        // first (the sequence hands out numbers in the order they are asked for), so the older state never lands last
        long seq = store.nextSeq();
        long start = System.nanoTime();
        Optional<ObjectNode> desired;
        try {
            desired = source.read(translator, namespace, name);
        } catch (Side.SideFailure e) {
            String why = "the " + source.target().label() + " side could not be read back: " + e.getMessage();
            record(new WriteRecord(ref, Optional.of(mode), "failed", false, why, "[]", millis(start), 0));
            return new Attempt(Optional.empty(), 0, Optional.of(why), millis(start));
        }
        double sourceMs = millis(start);
        long written = System.nanoTime();
        try {
            ObjectSync.Result result = work.withinTimeLimit(() -> sync.apply(target, translator, resource, namespace, name, desired, seq));
            record(new WriteRecord(ref, Optional.of(mode), result.outcome(), false, "", paths(result.differences()), sourceMs, millis(written)));
            return new Attempt(desired, seq, Optional.empty(), sourceMs);
        } catch (TimeoutException e) {
            return new Attempt(desired, seq, Optional.of("the " + target.target().label() + " side did not answer within dual-write.time-limit"), sourceMs);
        } catch (Exception e) {
            return new Attempt(desired, seq, Optional.of(e.getMessage() == null ? e.toString() : e.getMessage()), sourceMs);
        }
    }

    /** Mode 1's copy: one attempt, recorded whatever happens. */
    private void copy(Mode mode, Translator translator, String namespace, String name, Side source, Side target) {
        Attempt attempt = attempt(mode, translator, namespace, name, source, target);
        if (attempt.failure().isPresent() && attempt.seq() > 0) {
            record(new WriteRecord(new ObjectRef(target.target(), translator.kind().qualifiedResource(), namespace, name), Optional.of(mode),
                    "failed", false, attempt.failure().get(), "[]", attempt.sourceMs(), 0));
        }
    }

    /** Records an outbox retry of {@code ref}. */
    void recordRetry(ObjectRef ref, ObjectSync.Result result, double targetMs) {
        record(new WriteRecord(ref, Optional.empty(), result.outcome(), true, "", paths(result.differences()), 0, targetMs));
    }

    private void record(WriteRecord write) {
        counters.computeIfAbsent(write.ref().resource() + ' ' + write.ref().target().label() + ' ' + write.outcome(),
                key -> Counter.builder("gateway.dual.writes")
                        .description("Writes copied to the second store, by outcome")
                        .tag("resource", write.ref().resource())
                        .tag("target", write.ref().target().label())
                        .tag("outcome", write.outcome())
                        .register(registry)).increment();
        try {
            store.record(write);
        } catch (RuntimeException e) {
            LOG.warn("cannot record a dual write of {} {}: {}", write.ref().resource(), write.ref().name(), e.getMessage());
        }
    }

    /** For callers on an IO thread, which must not wait for the database. */
    private void recordLater(WriteRecord write) {
        recorder.execute(() -> record(write));
    }

    private static String paths(List<Difference> differences) {
        ArrayNode paths = Json.MAPPER.createArrayNode();
        differences.forEach(d -> paths.addObject().put("path", d.path()).put("authoritative", d.authoritative()).put("shadow", d.shadow()));
        return paths.toString();
    }

    private static double millis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
