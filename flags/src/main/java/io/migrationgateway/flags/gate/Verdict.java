package io.migrationgateway.flags.gate;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collection;
import java.util.Locale;

/** What a gate check (or a whole gate) says about a flip. */
public enum Verdict {
    /** The evidence is there and good enough. */
    PASS,
    /** The evidence is there and says no (a mismatch, a pending write), or the flip is not possible at all. */
    FAIL,
    /** The evidence the check needs does not exist (yet), so it cannot say yes. */
    INCONCLUSIVE;

    /** {@code pass}, {@code fail} or {@code inconclusive}. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The verdict with this {@link #label()}. */
    @JsonCreator
    public static Verdict parse(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /** Fail if any fails, else inconclusive if any is, else pass (also when there is nothing to check). */
    public static Verdict worstOf(Collection<Verdict> verdicts) {
        if (verdicts.contains(FAIL)) {
            return FAIL;
        }
        return verdicts.contains(INCONCLUSIVE) ? INCONCLUSIVE : PASS;
    }
}
