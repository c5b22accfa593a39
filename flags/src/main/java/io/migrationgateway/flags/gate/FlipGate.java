package io.migrationgateway.flags.gate;

import io.migrationgateway.flags.mode.Mode;
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
import java.util.stream.Collectors;

/**
 * The transition rules of DESIGN §3 as named checks. Going down is instant, except from mode 4 or 5 to below 4,
 * where legacy storage is stale and a verified reverse copy must exist. Going up to 3 or above (from below 4) needs
 * a verification at full parity that is not older than the last write outage, shadow mismatches within the
 * threshold over enough compared reads, and an empty outbox. A mode the gateway cannot serve is refused outright.
 * Thread-safe; every call reads fresh evidence.
 */
public final class FlipGate {
    private final GateEvidence evidence;
    private final GateThresholds thresholds;
    private final Set<Mode> servedModes;

    /**
     * @param servedModes the modes the gateway can route today; flips to any other mode are refused, even forced
     */
    public FlipGate(GateEvidence evidence, GateThresholds thresholds, Set<Mode> servedModes) {
        this.evidence = evidence;
        this.thresholds = thresholds;
        this.servedModes = Set.copyOf(servedModes);
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
        return new GateResult(checks, served);
    }

    /** The modes flips may go to, lowest first. */
    public List<Mode> servedModes() {
        return servedModes.stream().sorted().toList();
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
        return new GateCheck("verification", Verdict.PASS, "verification of " + scope.describe() + " at 100 % parity over "
                + verification.processed() + " rows, finished " + verification.finishedAt(), figures);
    }

    private GateCheck shadowComparison(Scope scope) {
        Optional<GateEvidence.ShadowComparisons> latest = evidence.latestShadowComparisons(scope, thresholds.shadowMinCompared());
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("minCompared", thresholds.shadowMinCompared());
        figures.put("maxMismatchRate", thresholds.shadowMaxMismatchRate());
        if (latest.isEmpty() || latest.get().compared() == 0) {
            return new GateCheck("shadow-comparison", Verdict.INCONCLUSIVE, "no shadow comparisons are recorded for "
                    + scope.describe() + " (at least " + thresholds.shadowMinCompared() + " compared reads are needed: send reads in mode 1 or 2)", figures);
        }
        GateEvidence.ShadowComparisons shadow = latest.get();
        figures.put("compared", shadow.compared());
        figures.put("mismatched", shadow.mismatched());
        figures.put("mismatchRate", shadow.mismatchRate());
        if (shadow.mismatchRate() > thresholds.shadowMaxMismatchRate()) {
            return new GateCheck("shadow-comparison", Verdict.FAIL, String.format(Locale.ROOT,
                    "%d of the last %d compared shadow reads of %s differed (%.4f, more than %.4f); the shadow report names the"
                    + " differing paths: fix the translator or add an ignore rule, then compare again", shadow.mismatched(),
                    shadow.compared(), scope.describe(), shadow.mismatchRate(), thresholds.shadowMaxMismatchRate()), figures);
        }
        if (shadow.compared() < thresholds.shadowMinCompared()) {
            return new GateCheck("shadow-comparison", Verdict.INCONCLUSIVE, "only " + shadow.compared()
                    + " shadow reads of " + scope.describe() + " were compared; " + thresholds.shadowMinCompared() + " are needed: send reads in"
                    + " mode 1 or 2, or raise shadow.resources.<plural>.sampling-rate", figures);
        }
        return new GateCheck("shadow-comparison", Verdict.PASS, String.format(Locale.ROOT,
                "%d of the last %d compared shadow reads of %s differed (%.4f, at most %.4f allowed)", shadow.mismatched(),
                shadow.compared(), scope.describe(), shadow.mismatchRate(), thresholds.shadowMaxMismatchRate()), figures);
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
