package io.migrationgateway.gateway;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The flip gate's evidence, each figure from the part of the gateway that records it: verifications and reverse
 * copies from the migration jobs, shadow comparisons, write outages and the outbox from shadow comparison and
 * dual-write.
 */
final class GatewayEvidence implements GateEvidence {
    private final GateEvidence jobs;
    private final GateEvidence shadow;

    GatewayEvidence(GateEvidence jobs, GateEvidence shadow) {
        this.jobs = jobs;
        this.shadow = shadow;
    }

    @Override
    public Optional<Verification> latestVerification(Scope scope) {
        return jobs.latestVerification(scope);
    }

    @Override
    public Optional<Verification> latestReverseCopy(Scope scope) {
        return jobs.latestReverseCopy(scope);
    }

    @Override
    public Optional<Instant> lastWriteOutage(Scope scope) {
        return shadow.lastWriteOutage(scope);
    }

    @Override
    public Optional<ShadowComparisons> latestShadowComparisons(Scope scope, int limit) {
        return shadow.latestShadowComparisons(scope, limit);
    }

    @Override
    public OptionalLong outboxDepth(Scope scope) {
        return shadow.outboxDepth(scope);
    }
}
