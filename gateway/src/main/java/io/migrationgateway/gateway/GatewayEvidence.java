package io.migrationgateway.gateway;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.gateway.migration.OperationCalls;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flip gate's evidence, each figure from the part of the gateway that records it: verifications and reverse
 * copies from the migration jobs, the objects of a scope from the legacy database, shadow comparisons, write outages and the outbox from shadow comparison and
 * dual-write, calls to operations mode 4 refuses from the request path.
 */
final class GatewayEvidence implements GateEvidence {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayEvidence.class);

    private final GateEvidence jobs;
    private final GateEvidence legacyObjects;
    private final GateEvidence shadow;
    private final OperationCalls calls;
    /** Per resource, the operations mode 4 refuses. */
    private final Map<String, Set<String>> refusedInModeFour = new HashMap<>();
    /** The resources the legacy deployment reads for itself. */
    private final Set<String> readByLegacy;
    /** The resources whose dual-writes reach the legacy tables as rows, when there is no legacy database to write them. */
    private final Set<String> rowsUnreachable;

    /** @param legacyObjects counts the legacy rows of a scope ({@link GateEvidence#NONE} without the legacy database) */
    GatewayEvidence(GateEvidence jobs, GateEvidence legacyObjects, GateEvidence shadow, OperationCalls calls, TranslatorRegistry translators,
                    boolean legacyDatabase) {
        this.jobs = jobs;
        this.legacyObjects = legacyObjects;
        this.shadow = shadow;
        this.calls = calls;
        this.readByLegacy = translators.all().stream().filter(Translator::legacySideReadsIt)
                .map(translator -> translator.kind().qualifiedResource()).collect(Collectors.toUnmodifiableSet());
        this.rowsUnreachable = legacyDatabase ? Set.of() : translators.all().stream().filter(Translator::writesLegacyRows)
                .map(translator -> translator.kind().qualifiedResource()).collect(Collectors.toUnmodifiableSet());
        translators.all().forEach(translator -> refusedInModeFour.put(translator.kind().qualifiedResource(),
                translator.untranslated().stream()
                        .filter(operation -> operation.handling() == UntranslatedOperation.Handling.NOT_SERVED_WHEN_MIGRATED)
                        .map(operation -> operation.route().id()).collect(Collectors.toUnmodifiableSet())));
    }

    /** Counted over every namespace: a request's org is not known before its mode is past 0. */
    @Override
    public Optional<Map<String, Long>> untranslatedCalls(Scope scope) {
        Set<String> refused = refusedInModeFour.getOrDefault(scope.resource(), Set.of());
        return operationCalls(scope).map(all -> {
            Map<String, Long> untranslated = new TreeMap<>(all);
            untranslated.keySet().retainAll(refused);
            return untranslated;
        });
    }

    @Override
    public Optional<Map<String, Long>> operationCalls(Scope scope) {
        try {
            return Optional.of(calls.lastWindow(scope.resource()));
        } catch (SQLException e) {
            LOG.warn("cannot read the calls to the legacy operations of {}: {}", scope.resource(), e.getMessage());
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
    public Optional<ShadowComparisons> latestSweptComparisons(Scope scope, int limit) {
        return shadow.latestSweptComparisons(scope, limit);
    }

    @Override
    public Optional<String> legacyRowsUnreachable(String resource) {
        return rowsUnreachable.contains(resource)
                ? Optional.of(resource + " are dual-written as rows of the legacy tables, and no legacy database is configured")
                : Optional.empty();
    }

    @Override
    public boolean legacySideReads(String resource) {
        return readByLegacy.contains(resource);
    }

    @Override
    public Optional<ShadowCoverage> shadowCoverage(Scope scope, Optional<Instant> since) {
        return shadow.shadowCoverage(scope, since);
    }

    @Override
    public OptionalLong objectsInScope(Scope scope) {
        return legacyObjects.objectsInScope(scope);
    }

    @Override
    public OptionalLong outboxDepth(Scope scope) {
        return shadow.outboxDepth(scope);
    }

    @Override
    public OptionalLong dualWrites(Scope scope) {
        return shadow.dualWrites(scope);
    }
}
