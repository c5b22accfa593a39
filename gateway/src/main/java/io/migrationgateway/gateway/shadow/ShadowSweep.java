package io.migrationgateway.gateway.shadow;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.StructuralDiff;
import io.migrationgateway.gateway.shadow.ShadowRead.ReadScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Comparisons a compare sweep makes ({@code migrate compare}), on the calling thread (a job's runner, which keeps
 * to the job's rate): each read asked of the authoritative side and then compared as a caller's read would be
 * ({@link ReadComparison}), the batch stored as swept in one transaction. Thread-safe.
 */
public final class ShadowSweep {
    private final ShadowRecords records;
    private final NoiseThresholds thresholds;
    private final double noiseSamplingRate;
    private final int maxBody;

    ShadowSweep(ShadowRecords records, NoiseThresholds thresholds, double noiseSamplingRate, int maxBody) {
        this.records = records;
        this.thresholds = thresholds;
        this.noiseSamplingRate = noiseSamplingRate;
        this.maxBody = maxBody;
    }

    /**
     * A read to sweep: where it belongs, in which mode, by which rules, and how to ask each side.
     *
     * @param authoritative asks the side that answers callers in {@code mode}
     * @param other         asks the other side
     */
    public record SweptRead(ReadScope scope, Mode mode, StructuralDiff diff, Callable<Answer> authoritative, Callable<Answer> other) {
        public SweptRead {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(diff, "diff");
        }
    }

    /**
     * How one swept read came out.
     *
     * @param detail why it could not be compared (a shadow error), else empty
     */
    public record SweptOutcome(Outcome outcome, String detail) {
    }

    /** Compares {@code reads} now and stores them; how each came out, in their order. */
    public List<SweptOutcome> compare(List<SweptRead> reads) throws InterruptedException {
        List<ShadowRecords.Compared> compared = new ArrayList<>(reads.size());
        SweptOutcome[] outcomes = new SweptOutcome[reads.size()];
        List<Integer> comparedAt = new ArrayList<>(reads.size());
        for (int i = 0; i < reads.size(); i++) {
            SweptRead swept = reads.get(i);
            Answer authoritative;
            try {
                authoritative = swept.authoritative().call();
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                outcomes[i] = failed(swept, new Answer(0, new byte[0], 0), "the authoritative side failed: " + e);
                continue;
            }
            ShadowRead read = new ShadowRead(swept.scope(), swept.mode(), swept.diff(), authoritative, swept.other(), swept.authoritative());
            switch (ReadComparison.compare(read, Callable::call, noiseSamplingRate, maxBody, true)) {
                case ReadComparison.Done done -> {
                    compared.add(done.compared());
                    comparedAt.add(i);
                }
                case ReadComparison.Failed failed -> outcomes[i] = failed(swept, authoritative, failed.detail());
                case ReadComparison.TooLarge tooLarge -> outcomes[i] = failed(swept, authoritative,
                        "the other side's answer is longer than shadow.max-body");
            }
        }
        List<Outcome> stored = records.storeCompared(compared, thresholds);
        for (int k = 0; k < stored.size(); k++) {
            outcomes[comparedAt.get(k)] = new SweptOutcome(stored.get(k), "");
        }
        return List.of(outcomes);
    }

    private SweptOutcome failed(SweptRead swept, Answer authoritative, String detail) {
        records.recordShadowError(swept.scope(), swept.mode(), authoritative, detail, Optional.empty(), true);
        return new SweptOutcome(Outcome.SHADOW_ERROR, swept.scope().route() + " " + swept.scope().objectName() + ": " + detail);
    }
}
