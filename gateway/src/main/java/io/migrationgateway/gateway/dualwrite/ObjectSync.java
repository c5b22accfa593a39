package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.config.ShadowConfig;
import io.migrationgateway.gateway.dualwrite.DualWriteStore.ObjectRef;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.compare.StructuralDiff;
import io.migrationgateway.translators.Translator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Brings one object on one side to a state read from the other side: the step every dual-write and every outbox retry
 * ends in. Idempotent and ordered: each write carries the number ({@code dual_write_seq}) it got just before its state
 * was read; a write older than the last one applied to the object is skipped ({@code superseded}), and one whose state
 * the side already holds writes nothing ({@code unchanged}). Writes of one object are serialized in this process (a
 * striped lock); across replicas the numbers still keep an older write from landing after a newer one was recorded.
 * Thread-safe.
 */
final class ObjectSync {
    private static final int STRIPES = 64;
    private static final int RACE_ATTEMPTS = 3;

    private final DualWriteStore store;
    private final ShadowConfig shadow;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    ObjectSync(DualWriteStore store, ShadowConfig shadow) {
        this.store = store;
        this.shadow = shadow;
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    /**
     * What applying a write did.
     *
     * @param outcome     {@code applied}, {@code unchanged} or {@code superseded}
     * @param differences where the object the target stored differs from the state it was given (after the kind's
     *                    comparison rules): safe write shadowing
     */
    record Result(String outcome, List<Difference> differences) {
    }

    /**
     * Makes {@code desired} (empty: no object) the state of {@code name} on {@code target}, unless a newer write got
     * there first.
     *
     * @throws Side.SideFailure when the side could not be read or written
     */
    Result apply(Side target, Translator translator, String resource, String namespace, String name, Optional<ObjectNode> desired,
                 long seq) {
        ObjectRef ref = new ObjectRef(target.target(), resource, namespace, name);
        ReentrantLock lock = locks[Math.floorMod(ref.hashCode(), STRIPES)];
        lock.lock();
        try {
            long applied = store.appliedSeq(ref);
            if (applied > seq) {
                return new Result("superseded", List.of());
            }
            Result result = writeRetryingRaces(target, translator, namespace, name, desired);
            store.applied(ref, seq);
            return result;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reads the target's object and writes over it; when another writer changed it in between (a migration copy importing
     * the same object, say), reads again: the state to reach is the same, only the version to write over moved.
     */
    private Result writeRetryingRaces(Side target, Translator translator, String namespace, String name,
                                      Optional<ObjectNode> desired) {
        for (int attempt = 1; ; attempt++) {
            try {
                return write(target, translator, namespace, name, desired, target.read(translator, namespace, name));
            } catch (Side.LostRace e) {
                if (attempt == RACE_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private Result write(Side target, Translator translator, String namespace, String name, Optional<ObjectNode> desired,
                         Optional<ObjectNode> current) {
        if (desired.isEmpty()) {
            if (current.isEmpty()) {
                return new Result("unchanged", List.of());
            }
            target.delete(translator, namespace, name);
            return new Result("applied", List.of());
        }
        StructuralDiff diff = diff(translator);
        if (current.isPresent() && diff.compare(desired.get(), current.get()).isEmpty()) {
            return new Result("unchanged", List.of());
        }
        ObjectNode stored = target.put(translator, namespace, desired.get(), current);
        return new Result("applied", diff.compare(desired.get(), stored));
    }

    /** The kind's object comparison: its translator's rules and the operator's ignore rules for the resource. */
    StructuralDiff diff(Translator translator) {
        return new StructuralDiff(translator.resourceRules(), shadow.of(translator.kind().plural()).ignore(), shadow.sampleChars());
    }
}
