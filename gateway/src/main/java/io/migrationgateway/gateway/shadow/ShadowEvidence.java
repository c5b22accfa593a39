package io.migrationgateway.gateway.shadow;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.gateway.dualwrite.DualWriteStore;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The gate's figures from shadow comparison and dual-write (DESIGN §3): the mismatch rate over the latest compared
 * live reads (and, for the overview, swept reads), the objects compared since a time, the outbox depth, and the last time a write did not reach its second store. Reads PostgreSQL on every call,
 * so every replica's records count. Thread-safe.
 */
public final class ShadowEvidence implements GateEvidence {
    private final ShadowRecords comparisons;
    private final DualWriteStore writes;

    public ShadowEvidence(ShadowRecords comparisons, DualWriteStore writes) {
        this.comparisons = comparisons;
        this.writes = writes;
    }

    @Override
    public Optional<ShadowCoverage> shadowCoverage(Scope scope, Optional<Instant> since) {
        long[] coverage = comparisons.coverage(scope.resource(), scope.namespace(), since);
        return Optional.of(new ShadowCoverage(coverage[0], coverage[1], coverage[2]));
    }

    @Override
    public Optional<ShadowComparisons> latestShadowComparisons(Scope scope, int limit) {
        return latest(scope, limit, false);
    }

    @Override
    public Optional<ShadowComparisons> latestSweptComparisons(Scope scope, int limit) {
        return latest(scope, limit, true);
    }

    private Optional<ShadowComparisons> latest(Scope scope, int limit, boolean swept) {
        long[] latest = comparisons.latestCompared(scope.resource(), scope.namespace(), limit, swept);
        return latest[0] == 0 ? Optional.empty() : Optional.of(new ShadowComparisons(latest[0], latest[1]));
    }

    /** Empty (unknown) until dual-write ran for the scope: an outbox that never had a chance to fill proves nothing. */
    @Override
    public OptionalLong outboxDepth(Scope scope) {
        return OptionalLong.of(writes.depth(scope.resource(), scope.namespace()));
    }

    @Override
    public OptionalLong dualWrites(Scope scope) {
        return OptionalLong.of(writes.writes(scope.resource(), scope.namespace()));
    }

    @Override
    public Optional<Instant> lastWriteOutage(Scope scope) {
        return writes.lastFailure(scope.resource(), scope.namespace());
    }
}
