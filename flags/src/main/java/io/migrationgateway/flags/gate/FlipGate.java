package io.migrationgateway.flags.gate;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The transition rules of DESIGN §3 as named checks. Going down is instant, except from mode 4 or 5 to below 4,
 * where legacy storage is stale and a verified reverse copy must exist. Going up to 3 or above (from below 4) needs
 * a verification at full parity that is not older than the last write outage, shadow mismatches within the
 * threshold (over enough live reads, or over every object of the scope), and an empty outbox. A mode the gateway cannot serve is refused outright.
 * Thread-safe; every call reads fresh evidence.
 */
public final class FlipGate {
    private final GateEvidence evidence;
    private final GateThresholds thresholds;
    private final Set<Mode> servedModes;
    private final Supplier<List<ResourceModes>> deployment;

    /**
     * @param servedModes the modes the gateway can route today; flips to any other mode are refused, even forced
     * @param deployment  the modes of every resource now, for a resource the legacy side reads for itself
     */
    public FlipGate(GateEvidence evidence, GateThresholds thresholds, Set<Mode> servedModes, Supplier<List<ResourceModes>> deployment) {
        this.evidence = evidence;
        this.thresholds = thresholds;
        this.servedModes = Set.copyOf(servedModes);
        this.deployment = deployment;
    }

    /** A gate that knows no other resource's modes (none is read by the legacy side for itself). */
    public FlipGate(GateEvidence evidence, GateThresholds thresholds, Set<Mode> servedModes) {
        this(evidence, thresholds, servedModes, List::of);
    }

    /** Judges moving {@code scope} from {@code from} to {@code to}; no checks (a pass) when nothing is in the way. */
    public GateResult evaluate(Scope scope, Mode from, Mode to) {
        List<GateCheck> checks = new ArrayList<>();
        boolean served = servedModes.contains(to);
        if (!served) {
            checks.add(notServed(to));
        }
        if (to.compareTo(from) < 0 && from.legacyIsStale() && !to.legacyIsStale()) {
            checks.add(reverseCopy(scope));
        } else if (to.compareTo(from) > 0 && to.number() >= Mode.UNIFIED_READ.number() && !from.legacyIsStale()) {
            checks.add(verification(scope));
            checks.add(shadowComparison(scope));
            checks.add(outbox(scope));
        }
        if (to.compareTo(from) > 0 && to.legacyIsStale() && !from.legacyIsStale()) {
            evidence.untranslatedCalls(scope).ifPresent(calls -> checks.add(untranslatedCalls(scope, calls)));
        }
        if (to.compareTo(from) > 0 && !to.legacyIsStale() && to != Mode.LEGACY) {
            evidence.legacyRowsUnreachable(scope.resource()).ifPresent(why -> checks.add(new GateCheck("legacy-database",
                    Verdict.FAIL, why + "; modes 1 to 3 dual-write it: set legacy.database-url", Map.of())));
        }
        if (to.compareTo(from) > 0 && to.legacyIsStale() && !from.legacyIsStale() && evidence.legacySideReads(scope.resource())) {
            checks.add(legacyDependency(scope));
        }
        return new GateResult(checks, served);
    }

    /** The modes flips may go to, lowest first. */
    public List<Mode> servedModes() {
        return servedModes.stream().sorted().toList();
    }

    /**
     * A resource the legacy deployment reads for itself stays where its writes reach the legacy tables (mode 3 or
     * below) while the legacy deployment serves anything: until every other resource is retired from it (mode 5).
     */
    private GateCheck legacyDependency(Scope scope) {
        Map<String, Object> figures = new TreeMap<>();
        for (ResourceModes other : deployment.get()) {
            if (other.resource().equals(scope.resource())) {
                continue;
            }
            List<Mode> modes = new ArrayList<>(other.namespaces().keySet().stream().map(other::modeOf).toList());
            modes.add(other.defaultMode());
            modes.stream().filter(mode -> mode != Mode.LEGACY_RETIRED).min(Mode::compareTo)
                    .ifPresent(lowest -> figures.put(other.resource(), lowest.number()));
        }
        if (!figures.isEmpty()) {
            return new GateCheck("legacy-dependency", Verdict.FAIL, "the legacy deployment reads " + scope.resource()
                    + " for itself (its callers authenticate with them), so its writes must keep reaching the legacy tables"
                    + " (mode 3 or below) while the legacy deployment serves other resources; it passes once every other"
                    + " resource is at mode 5 (legacy retired); below 5 now: " + figures.entrySet().stream()
                    .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", ")), figures);
        }
        return new GateCheck("legacy-dependency", Verdict.PASS, "every other resource is retired from the legacy deployment"
                + " (mode 5), so nothing there needs " + scope.resource() + " any more", Map.of());
    }

    private GateCheck notServed(Mode to) {
        return new GateCheck("mode-served", Verdict.FAIL, "mode " + to + " cannot be used: this gateway does not serve it (served now: "
                + servedModes().stream().map(Mode::toString).collect(Collectors.joining(", ")) + ")",
                Map.of("mode", to.number()));
    }

    private GateCheck reverseCopy(Scope scope) {
        Optional<GateEvidence.Verification> copy = evidence.latestReverseCopy(scope);
        if (copy.isEmpty()) {
            return new GateCheck("reverse-copy", Verdict.INCONCLUSIVE, "no reverse copy (unified storage to legacy) has finished for "
                    + scope.describe() + ", so legacy storage is stale below mode 4; run `migrate reverse-copy`", Map.of());
        }
        Map<String, Object> figures = verificationFigures(copy.get());
        if (!copy.get().parity()) {
            return new GateCheck("reverse-copy", Verdict.FAIL, "the latest reverse copy of " + scope.describe()
                    + " is not at full parity: " + differences(copy.get()) + "; fix the rows its findings name and run `migrate reverse-copy` again", figures);
        }
        return new GateCheck("reverse-copy", Verdict.PASS, "the reverse copy of " + scope.describe() + " finished at "
                + copy.get().finishedAt() + " with full parity over " + copy.get().processed() + " rows", figures);
    }

    private GateCheck verification(Scope scope) {
        Optional<GateEvidence.Verification> latest = evidence.latestVerification(scope);
        if (latest.isEmpty()) {
            return new GateCheck("verification", Verdict.INCONCLUSIVE, "no verification has run for " + scope.describe() + "; run `migrate verify` (after `migrate copy`)", Map.of());
        }
        GateEvidence.Verification verification = latest.get();
        Map<String, Object> figures = verificationFigures(verification);
        Optional<Instant> outage = evidence.lastWriteOutage(scope);
        outage.ifPresent(at -> figures.put("lastWriteOutage", at.toString()));
        if (!verification.parity()) {
            return new GateCheck("verification", Verdict.FAIL, "the latest verification of " + scope.describe()
                    + " is not at 100 % parity: " + differences(verification) + "; fix what its findings name, `migrate copy`, then `migrate verify` again", figures);
        }
        if (outage.isPresent() && verification.finishedAt().isBefore(outage.get())) {
            return new GateCheck("verification", Verdict.FAIL, "the latest verification of " + scope.describe() + " ("
                    + verification.finishedAt() + ") is older than the last write outage (" + outage.get() + "); run `migrate verify` again", figures);
        }
        return new GateCheck("verification", Verdict.PASS, "verification of " + scope.describe() + (verification.processed() == 0
                ? " found both sides empty" : " at 100 % parity over " + verification.processed() + " rows") + ", finished "
                + verification.finishedAt(), figures);
    }

    /**
     * Passes on whichever evidence comes first: the minimum of live comparisons (callers' reads) within the mismatch
     * threshold, or every object of the scope compared since the last write outage (by traffic or a sweep) with the
     * comparisons of that window within it. A small or quiet resource earns its gate by a sweep, a busy one by traffic.
     */
    private GateCheck shadowComparison(Scope scope) {
        int min = thresholds.shadowMinCompared();
        double max = thresholds.shadowMaxMismatchRate();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("minCompared", min);
        figures.put("maxMismatchRate", max);
        GateEvidence.ShadowComparisons live = evidence.latestShadowComparisons(scope, min)
                .orElse(new GateEvidence.ShadowComparisons(0, 0));
        figures.put("compared", live.compared());
        figures.put("mismatched", live.mismatched());
        figures.put("mismatchRate", live.mismatchRate());
        if (live.compared() >= min) {
            figures.put("passedBy", "live");
            return live.mismatchRate() > max ? liveMismatches(scope, live, max, figures)
                    : new GateCheck("shadow-comparison", Verdict.PASS, String.format(Locale.ROOT, "by live traffic: %d of the last %d "
                            + "compared reads of %s differed (%.4f, at most %.4f allowed)", live.mismatched(), live.compared(),
                            scope.describe(), live.mismatchRate(), max), figures);
        }
        Optional<Instant> outage = evidence.lastWriteOutage(scope);
        String window = outage.map(at -> "since the last write outage (" + at + ")").orElse("in the comparisons kept");
        OptionalLong objects = evidence.objectsInScope(scope);
        Optional<GateEvidence.ShadowCoverage> coverage = evidence.shadowCoverage(scope, outage);
        coverage.ifPresent(c -> {
            figures.put("objectsCompared", c.objects());
            figures.put("comparedSinceOutage", c.compared());
            figures.put("mismatchedSinceOutage", c.mismatched());
        });
        objects.ifPresent(count -> figures.put("objects", count));
        if (coverage.isPresent() && objects.isPresent() && coverage.get().objects() >= objects.getAsLong()) {
            GateEvidence.ShadowCoverage covered = coverage.get();
            figures.put("passedBy", "every-object");
            if (covered.mismatchRate() > max) {
                return new GateCheck("shadow-comparison", Verdict.FAIL, String.format(Locale.ROOT, "every object of %s was compared %s, "
                        + "but %d of those %d compared reads differed (%.4f, more than %.4f); the shadow report names the differing paths: "
                        + "fix the translator or add an ignore rule, then `migrate compare` again", scope.describe(), window,
                        covered.mismatched(), covered.compared(), covered.mismatchRate(), max), figures);
            }
            return new GateCheck("shadow-comparison", Verdict.PASS, objects.getAsLong() == 0
                    ? scope.describe() + " holds no objects: there is nothing to compare"
                    : String.format(Locale.ROOT, "every object compared: all %d objects of %s were compared %s (by traffic or `migrate "
                    + "compare`); %d of %d compared reads differed (%.4f, at most %.4f allowed)", objects.getAsLong(), scope.describe(),
                    window, covered.mismatched(), covered.compared(), covered.mismatchRate(), max), figures);
        }
        // a difference already seen fails the check before every object is compared: comparing more would not hide it
        GateEvidence.ShadowCoverage seen = coverage.orElse(new GateEvidence.ShadowCoverage(0, live.compared(), live.mismatched()));
        if (seen.compared() > 0 && seen.mismatchRate() > max) {
            return new GateCheck("shadow-comparison", Verdict.FAIL, String.format(Locale.ROOT, "%d of the %d reads of %s compared %s "
                    + "differed (%.4f, more than %.4f); the shadow report names the differing paths: fix the translator or add an ignore "
                    + "rule, then compare again", seen.mismatched(), seen.compared(), scope.describe(), window, seen.mismatchRate(), max),
                    figures);
        }
        String objectsSeen = objects.isPresent() && coverage.isPresent()
                ? coverage.get().objects() + " of the " + objects.getAsLong() + " objects of " + scope.describe() + " were compared " + window
                : "whether every object of " + scope.describe() + " was compared is unknown (the legacy database is not configured)";
        return new GateCheck("shadow-comparison", Verdict.INCONCLUSIVE, objectsSeen + ", and " + live.compared() + " live reads of the "
                + min + " needed: run `migrate compare` to compare every object, or send reads in mode 1 or 2 (sampled by "
                + "shadow.resources.<plural>.sampling-rate)", figures);
    }

    private static GateCheck liveMismatches(Scope scope, GateEvidence.ShadowComparisons live, double max, Map<String, Object> figures) {
        return new GateCheck("shadow-comparison", Verdict.FAIL, String.format(Locale.ROOT, "%d of the last %d compared live reads of %s "
                + "differed (%.4f, more than %.4f); the shadow report names the differing paths: fix the translator or add an ignore"
                + " rule, then compare again", live.mismatched(), live.compared(), scope.describe(), live.mismatchRate(), max), figures);
    }

    /** An empty outbox passes whether or not a dual-write ran: nothing is waiting either way. */
    private GateCheck outbox(Scope scope) {
        OptionalLong depth = evidence.outboxDepth(scope);
        if (depth.isEmpty()) {
            return new GateCheck("outbox", Verdict.INCONCLUSIVE, "the dual-write outbox of " + scope.describe()
                    + " is unknown: this gateway keeps no outbox to read", Map.of());
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("pending", depth.getAsLong());
        evidence.dualWrites(scope).ifPresent(writes -> figures.put("dualWrites", writes));
        if (depth.getAsLong() > 0) {
            return new GateCheck("outbox", Verdict.FAIL, depth.getAsLong() + " writes of " + scope.describe()
                    + " are still waiting in the dual-write outbox; it passes once they are applied (retried with backoff) or"
                    + " resolved by an operator (/admin/outbox)", figures);
        }
        boolean noneRan = evidence.dualWrites(scope).orElse(1) == 0;
        return new GateCheck("outbox", Verdict.PASS, "the dual-write outbox of " + scope.describe() + " is empty"
                + (noneRan ? "; no dual-write ran in the window" : ""), figures);
    }

    private static GateCheck untranslatedCalls(Scope scope, Map<String, Long> calls) {
        Map<String, Long> called = new TreeMap<>();
        calls.forEach((operation, count) -> {
            if (count > 0) {
                called.put(operation, count);
            }
        });
        if (!called.isEmpty()) {
            return new GateCheck("untranslated-calls", Verdict.FAIL, "clients called operations of " + scope.describe()
                    + " that are refused from mode 4 on (docs/legacy-surface.md) in the last day: " + called.entrySet().stream()
                    .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", ")), new LinkedHashMap<>(called));
        }
        return new GateCheck("untranslated-calls", Verdict.PASS, "no client called an operation of " + scope.describe()
                + " that is refused from mode 4 on in the last day", Map.of());
    }

    private static Map<String, Object> verificationFigures(GateEvidence.Verification verification) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("finishedAt", verification.finishedAt().toString());
        figures.put("processed", verification.processed());
        figures.put("mismatched", verification.mismatched());
        figures.put("missing", verification.missing());
        figures.put("extra", verification.extra());
        figures.put("parityPercent", verification.parityPercent());
        return figures;
    }

    private static String differences(GateEvidence.Verification verification) {
        return String.format(Locale.ROOT, "%.2f %% of %d rows match (%d differ, %d missing, %d extra)",
                verification.parityPercent(), verification.processed(), verification.mismatched(), verification.missing(),
                verification.extra());
    }
}
