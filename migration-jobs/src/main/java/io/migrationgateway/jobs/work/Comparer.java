package io.migrationgateway.jobs.work;

import java.util.List;
import java.util.Optional;

/**
 * Reads objects through both paths of the gateway (the legacy API, and the translator over unified storage) and
 * records each comparison as shadow evidence: the compare job's work, which the gateway supplies since the paths are
 * its own. Called from the job's runner threads; thread-safe.
 */
public interface Comparer {
    /** No gateway to read through: every comparison fails, saying why. */
    Comparer NONE = new Comparer() {
        @Override
        public Optional<String> unavailable(String resource) {
            return Optional.of("this process serves no gateway paths to compare through");
        }

        @Override
        public Outcomes compareObjects(String resource, List<ObjectKey> objects) {
            throw new IllegalStateException("this process cannot compare objects: it serves no gateway paths");
        }

        @Override
        public Outcomes compareLists(String resource, long orgId) {
            throw new IllegalStateException("this process cannot compare objects: it serves no gateway paths");
        }
    };

    /**
     * Why {@code resource} cannot be compared here (no credentials to read the legacy side with, no reads to make), or
     * empty when it can.
     */
    default Optional<String> unavailable(String resource) {
        return Optional.empty();
    }

    /**
     * Compares each object of {@code resource} (the flag key) by the legacy reads of one object, once each; the
     * comparisons are stored before this returns. Counted per object: differing when any of its reads differs.
     */
    Outcomes compareObjects(String resource, List<ObjectKey> objects) throws InterruptedException;

    /** Compares the lists and searches of {@code resource} that the translator serves, in one org; counted per read. */
    Outcomes compareLists(String resource, long orgId) throws InterruptedException;

    /**
     * An object to compare, as its legacy row names it: by org and uid, and by its legacy id (the row's id), which
     * legacy routes that address objects by number take.
     */
    record ObjectKey(long orgId, String uid, long legacyId) {
    }

    /**
     * How a batch of comparisons came out.
     *
     * @param compared     objects (or lists) compared: matching, differing or noise only
     * @param mismatched   of those, the ones whose answers differed beyond noise
     * @param failed       the ones that could not be compared (a side failed, the credentials have no role there)
     * @param firstFailure why the first failed one failed, or empty
     */
    record Outcomes(long compared, long mismatched, long failed, String firstFailure) {
        public static final Outcomes NONE = new Outcomes(0, 0, 0, "");

        public Outcomes plus(Outcomes o) {
            return new Outcomes(compared + o.compared, mismatched + o.mismatched, failed + o.failed,
                firstFailure.isEmpty() ? o.firstFailure : firstFailure);
        }
    }
}
