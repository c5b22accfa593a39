package io.migrationgateway.gateway.jobs;

import io.migrationgateway.gateway.routing.SweepRoutes;
import io.migrationgateway.gateway.shadow.Outcome;
import io.migrationgateway.gateway.shadow.ShadowSweep;
import io.migrationgateway.gateway.shadow.ShadowSweep.SweptOutcome;
import io.migrationgateway.gateway.shadow.ShadowSweep.SweptRead;
import io.migrationgateway.jobs.work.Comparer;
import io.migrationgateway.jobs.work.Comparer.ObjectKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compare job's reads through this gateway: the reads {@link SweepRoutes} makes of each object and each org's
 * lists, compared and stored as swept by {@link ShadowSweep}, as the holder of {@code jobs.compare-authorization}. An
 * object counts as differing when any of its reads differs, as failed when one could not be compared. An org those
 * credentials have no role in is not read at all: both sides would refuse alike and compare as a match.
 */
final class SweepComparer implements Comparer {
    private final SweepRoutes routes;
    private final ShadowSweep sweep;
    private final String authorization;

    SweepComparer(SweepRoutes routes, ShadowSweep sweep, String authorization) {
        this.routes = routes;
        this.sweep = sweep;
        this.authorization = authorization;
    }

    @Override
    public Optional<String> unavailable(String resource) {
        if (routes.sweepReads(resource).objectReads().isEmpty()) {
            return Optional.of("its translator names no reads to compare it by (Translator.sweepReads); it is compared by traffic alone");
        }
        return authorization.isEmpty()
                ? Optional.of("no credentials to read both sides with: set jobs.compare-authorization (or dual-write.retry-authorization) "
                        + "to a legacy credential that can read every org to compare")
                : Optional.empty();
    }

    @Override
    public Outcomes compareObjects(String resource, List<ObjectKey> objects) throws InterruptedException {
        Map<Long, Optional<String>> refusals = new HashMap<>();
        List<SweptRead> reads = new ArrayList<>();
        List<Integer> readsPerObject = new ArrayList<>(objects.size());
        for (ObjectKey object : objects) {
            Optional<String> refusal = refusals.computeIfAbsent(object.orgId(), org -> cannotRead(resource, org));
            List<SweptRead> ofObject = refusal.isPresent() ? List.of()
                    : routes.objectReads(resource, object.orgId(), object.uid(), object.legacyId(), authorization);
            reads.addAll(ofObject);
            readsPerObject.add(ofObject.size());
        }
        List<SweptOutcome> outcomes = sweep.compare(reads);
        Outcomes total = Outcomes.NONE;
        int next = 0;
        for (int i = 0; i < objects.size(); i++) {
            Optional<String> refusal = refusals.get(objects.get(i).orgId());
            List<SweptOutcome> ofObject = outcomes.subList(next, next + readsPerObject.get(i));
            next += readsPerObject.get(i);
            total = total.plus(refusal.isPresent() ? new Outcomes(0, 0, 1, refusal.get()) : object(ofObject));
        }
        return total;
    }

    @Override
    public Outcomes compareLists(String resource, long orgId) throws InterruptedException {
        Optional<String> refusal = cannotRead(resource, orgId);
        if (refusal.isPresent()) {
            return new Outcomes(0, 0, 1, refusal.get());
        }
        Outcomes total = Outcomes.NONE;
        for (SweptOutcome outcome : sweep.compare(routes.listReads(resource, orgId, authorization))) {
            total = total.plus(object(List.of(outcome)));
        }
        return total;
    }

    /** One object's reads as one outcome: failed if any read failed, else differing if any read differed. */
    private static Outcomes object(List<SweptOutcome> reads) {
        for (SweptOutcome read : reads) {
            if (read.outcome() == Outcome.SHADOW_ERROR || read.outcome() == Outcome.SKIPPED) {
                return new Outcomes(0, 0, 1, read.detail());
            }
        }
        boolean differs = reads.stream().anyMatch(read -> read.outcome() == Outcome.MISMATCH);
        return new Outcomes(1, differs ? 1 : 0, 0, "");
    }

    private Optional<String> cannotRead(String resource, long orgId) {
        try {
            return routes.cannotRead(resource, orgId, authorization);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }
}
