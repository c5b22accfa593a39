package io.migrationgateway.gateway.shadow;

import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.compare.StructuralDiff;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;

/**
 * One read compared, the same way for live traffic ({@link ShadowComparisons}) and for a sweep ({@link ShadowSweep}):
 * the other side asked, both answers compared by the route's rules, and for a sample of reads the authoritative side
 * asked again, whose differences are noise.
 */
final class ReadComparison {
    /** How a side is asked: within the shadow time limit for traffic, directly for a sweep. */
    @FunctionalInterface
    interface Asking {
        Answer ask(Callable<Answer> side) throws Exception;
    }

    /** What came of a read. */
    sealed interface Result {
    }

    /** Compared: the record to store. */
    record Done(ShadowRecords.Compared compared) implements Result {
    }

    /** The other side failed or did not answer in time. */
    record Failed(String detail) implements Result {
    }

    /** The other side's answer is longer than {@code shadow.max-body}. */
    record TooLarge() implements Result {
    }

    private ReadComparison() {
    }

    static Result compare(ShadowRead read, Asking asking, double noiseSamplingRate, int maxBody, boolean swept)
            throws InterruptedException {
        Answer shadow;
        try {
            shadow = asking.ask(read.shadow());
        } catch (InterruptedException e) {
            throw e;
        } catch (TimeoutException e) {
            return new Failed("the other side did not answer within shadow.time-limit");
        } catch (Exception e) {
            return new Failed("the other side failed: " + e);
        }
        if (shadow.body().length > maxBody) {
            return new TooLarge();
        }
        StructuralDiff.Prepared authoritative = read.diff().prepare(read.authoritative()); // read once for both comparisons
        List<Difference> raw = read.diff().compare(authoritative, shadow);
        return new Done(new ShadowRecords.Compared(read.scope(), read.mode(), read.authoritative(), shadow, raw,
                noise(read, authoritative, asking, noiseSamplingRate), swept));
    }

    /** The paths where two answers of the authoritative side differ, for the reads sampled for it. */
    private static Optional<List<Difference>> noise(ShadowRead read, StructuralDiff.Prepared authoritative, Asking asking,
                                                    double noiseSamplingRate) throws InterruptedException {
        if (ThreadLocalRandom.current().nextDouble() >= noiseSamplingRate) {
            return Optional.empty();
        }
        try {
            return Optional.of(read.diff().compare(authoritative, asking.ask(read.again())));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return Optional.empty(); // no noise figure this time; the comparison itself stands
        }
    }
}
