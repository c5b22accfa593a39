package io.migrationgateway.flags.gate;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the gate's figures come from. The tables behind them are filled by the shadow-comparison, dual-write and
 * migration-job parts of the gateway; each method's default answers "no evidence yet", so a part that does not
 * exist leaves its checks inconclusive, and {@link #NONE} is the evidence of a gateway without any of them.
 * Implementations are called while a flip holds its resource's lock, and must be thread-safe.
 */
public interface GateEvidence {
    /** No evidence of any kind. */
    GateEvidence NONE = new GateEvidence() {
    };

    /** The latest finished verification (legacy against unified storage) for the scope. */
    default Optional<Verification> latestVerification(Scope scope) {
        return Optional.empty();
    }

    /** When writes to the scope last failed on one side (a verification before then proves nothing about now). */
    default Optional<Instant> lastWriteOutage(Scope scope) {
        return Optional.empty();
    }

    /** Outcomes of the latest {@code limit} compared shadow reads of callers (live traffic) in the scope (fewer when there were fewer). */
    default Optional<ShadowComparisons> latestShadowComparisons(Scope scope, int limit) {
        return Optional.empty();
    }

    /**
     * Outcomes of the latest {@code limit} compared reads a compare sweep made in the scope (fewer when there were fewer).
     * Not a check of the gate, which counts sweeps toward "every object compared" only; shown beside the live figure.
     */
    default Optional<ShadowComparisons> latestSweptComparisons(Scope scope, int limit) {
        return Optional.empty();
    }

    /**
     * The shadow comparisons of the scope, live and swept alike, since {@code since} (every one kept, when empty): how
     * many distinct objects they compared, and their outcomes.
     */
    default Optional<ShadowCoverage> shadowCoverage(Scope scope, Optional<Instant> since) {
        return Optional.empty();
    }

    /**
     * Whether the legacy deployment reads {@code resource}'s legacy tables for itself (service accounts: its callers
     * authenticate with their tokens), so that its writes must keep reaching those tables while it runs.
     */
    default boolean legacySideReads(String resource) {
        return false;
    }

    /**
     * Why {@code resource}'s dual-writes cannot reach the legacy tables, for a resource whose writes reach them as rows
     * (service accounts: the legacy API cannot take a token's hash) when no legacy database is configured; empty when
     * they can.
     */
    default Optional<String> legacyRowsUnreachable(String resource) {
        return Optional.empty();
    }

    /** The objects the scope holds on the legacy side now; empty when this gateway cannot count them. */
    default OptionalLong objectsInScope(Scope scope) {
        return OptionalLong.empty();
    }

    /** Writes of the scope waiting in the dual-write outbox; empty when this gateway keeps no outbox. */
    default OptionalLong outboxDepth(Scope scope) {
        return OptionalLong.empty();
    }

    /** Dual-writes of the scope recorded in the window the gateway keeps them for; empty when it does not count them. */
    default OptionalLong dualWrites(Scope scope) {
        return OptionalLong.empty();
    }

    /**
     * Calls in the last day to the operations of the scope's resource that are not served from unified storage, and are
     * refused from mode 4 on, by operation; empty when the gateway does not count them.
     */
    default Optional<Map<String, Long>> untranslatedCalls(Scope scope) {
        return Optional.empty();
    }

    /**
     * Calls in the last day to every operation of the scope's resource, translated or not, by operation: what its
     * clients use. Not a check of the gate; shown beside it. Empty when the gateway does not count them.
     */
    default Optional<Map<String, Long>> operationCalls(Scope scope) {
        return Optional.empty();
    }

    /** The verification of the latest finished reverse copy (unified storage back to legacy) of the scope. */
    default Optional<Verification> latestReverseCopy(Scope scope) {
        return Optional.empty();
    }

    /**
     * A finished parity check of one side against the other.
     *
     * @param finishedAt when it ended
     * @param processed  rows compared
     * @param mismatched rows on both sides that differ
     * @param missing    rows only the source side has
     * @param extra      rows only the target side has
     */
    record Verification(Instant finishedAt, long processed, long mismatched, long missing, long extra) {
        /** Full parity: nothing differed (an empty scope, empty on both sides, is at parity). */
        public boolean parity() {
            return mismatched == 0 && missing == 0 && extra == 0;
        }

        /** Matching rows as a percentage of processed ones (100 when both sides were empty). */
        public double parityPercent() {
            return processed == 0 ? (parity() ? 100 : 0) : 100.0 * (processed - mismatched - missing) / processed;
        }
    }

    /**
     * Shadow comparison outcomes over a window of compared reads.
     *
     * @param compared   reads compared (noise and skipped reads do not count)
     * @param mismatched of those, reads whose answers differed
     */
    record ShadowComparisons(long compared, long mismatched) {
        public double mismatchRate() {
            return compared == 0 ? 0 : (double) mismatched / compared;
        }
    }

    /**
     * Shadow comparisons over a time window, by objects.
     *
     * @param objects    distinct objects compared (a list read names none)
     * @param compared   reads compared, matching or differing
     * @param mismatched of those, reads whose answers differed
     */
    record ShadowCoverage(long objects, long compared, long mismatched) {
        public double mismatchRate() {
            return compared == 0 ? 0 : (double) mismatched / compared;
        }
    }
}
