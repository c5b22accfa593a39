package io.migrationgateway.flags.gate;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/** Evidence a test sets by hand; each field empty means "none recorded". */
public final class FakeEvidence implements GateEvidence {
    public volatile Optional<Verification> verification = Optional.empty();
    public volatile Optional<Instant> writeOutage = Optional.empty();
    public volatile Optional<ShadowComparisons> shadow = Optional.empty();
    public volatile OptionalLong outbox = OptionalLong.empty();
    public volatile OptionalLong dualWrites = OptionalLong.empty();
    public volatile Optional<Verification> reverseCopy = Optional.empty();
    public volatile Optional<Map<String, Long>> untranslatedCalls = Optional.empty();
    public volatile Optional<ShadowCoverage> coverage = Optional.empty();
    public volatile OptionalLong objects = OptionalLong.empty();
    /** The resources the legacy side reads for itself. */
    public volatile Set<String> readByLegacy = Set.of();
    /** Why each resource's rows cannot be written to the legacy tables. */
    public volatile Map<String, String> rowsUnreachable = Map.of();
    /** The window the gate last asked coverage for. */
    public volatile Optional<Instant> coverageAskedSince = Optional.empty();

    /** Evidence on which every gate passes. */
    public static FakeEvidence allGood(Instant now) {
        FakeEvidence evidence = new FakeEvidence();
        evidence.verification = Optional.of(new Verification(now, 122, 0, 0, 0));
        evidence.shadow = Optional.of(new ShadowComparisons(5_000, 1));
        evidence.outbox = OptionalLong.of(0);
        evidence.reverseCopy = Optional.of(new Verification(now, 122, 0, 0, 0));
        return evidence;
    }

    @Override
    public Optional<Verification> latestVerification(Scope scope) {
        return verification;
    }

    @Override
    public Optional<Instant> lastWriteOutage(Scope scope) {
        return writeOutage;
    }

    @Override
    public Optional<ShadowComparisons> latestShadowComparisons(Scope scope, int limit) {
        return shadow;
    }

    @Override
    public Optional<ShadowCoverage> shadowCoverage(Scope scope, Optional<Instant> since) {
        coverageAskedSince = since;
        return coverage;
    }

    @Override
    public Optional<String> legacyRowsUnreachable(String resource) {
        return Optional.ofNullable(rowsUnreachable.get(resource));
    }

    @Override
    public boolean legacySideReads(String resource) {
        return readByLegacy.contains(resource);
    }

    @Override
    public OptionalLong objectsInScope(Scope scope) {
        return objects;
    }

    @Override
    public OptionalLong outboxDepth(Scope scope) {
        return outbox;
    }

    @Override
    public OptionalLong dualWrites(Scope scope) {
        return dualWrites;
    }

    @Override
    public Optional<Verification> latestReverseCopy(Scope scope) {
        return reverseCopy;
    }

    @Override
    public Optional<Map<String, Long>> untranslatedCalls(Scope scope) {
        return untranslatedCalls;
    }
}
