package io.migrationgateway.gateway;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.gateway.migration.UntranslatedCalls;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flip gate's evidence, each figure from the part of the gateway that records it: verifications and reverse
 * copies from the migration jobs, shadow comparisons, write outages and the outbox from shadow comparison and
 * dual-write, calls to operations mode 4 refuses from the request path.
 */
final class GatewayEvidence implements GateEvidence {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayEvidence.class);

    private final GateEvidence jobs;
    private final GateEvidence shadow;
    private final UntranslatedCalls untranslated;

    GatewayEvidence(GateEvidence jobs, GateEvidence shadow, UntranslatedCalls untranslated) {
        this.jobs = jobs;
        this.shadow = shadow;
        this.untranslated = untranslated;
    }

    /** Counted over every namespace: a request's org is not known before its mode is past 0. */
    @Override
    public Optional<Map<String, Long>> untranslatedCalls(Scope scope) {
        try {
            return Optional.of(untranslated.lastWindow(scope.resource()));
        } catch (SQLException e) {
            LOG.warn("cannot read the calls to untranslated operations of {}: {}", scope.resource(), e.getMessage());
            return Optional.empty();
        }
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
