package io.migrationgateway.flags.gate;

import java.util.List;

/**
 * The gate's answer for one transition.
 *
 * @param checks    every check that applies, in the order they were made (none for an instant transition)
 * @param forceable false when even {@code --force} cannot make the transition, because the gateway could not
 *                  serve the target mode at all
 */
public record GateResult(List<GateCheck> checks, boolean forceable) {
    public GateResult {
        checks = List.copyOf(checks);
    }

    /** The worst verdict of the checks; pass when there are none. */
    public Verdict verdict() {
        return Verdict.worstOf(checks.stream().map(GateCheck::verdict).toList());
    }

    public boolean passed() {
        return verdict() == Verdict.PASS;
    }
}
