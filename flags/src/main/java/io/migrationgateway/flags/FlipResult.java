package io.migrationgateway.flags;

import io.migrationgateway.flags.gate.Verdict;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What became of a flip.
 *
 * @param before  the resource's state when the flip was judged
 * @param after   its state now: the asked-for state when applied, else {@code before}
 * @param changes every namespace whose mode the flip changes (or would change), with the gate's result; empty
 *                when the flip changes no mode
 * @param applied whether the new state was stored (false when refused, and always false for a dry run)
 * @param dryRun  whether this was only a question
 */
public record FlipResult(String resource, ResourceModes before, ResourceModes after, List<ModeChange> changes,
                         boolean applied, boolean dryRun) {
    public FlipResult {
        changes = List.copyOf(changes);
    }

    /** The worst verdict over every change (pass when nothing changes). */
    public Verdict verdict() {
        return Verdict.worstOf(changes.stream().map(change -> change.gate().verdict()).toList());
    }

    /** True when the gate said no and the flip was neither forced nor a dry run. */
    public boolean refused() {
        return !applied && !dryRun;
    }

    /** One line per change that did not pass, with every check that did not pass; for messages to operators. */
    public String explanation() {
        return changes.stream()
                .filter(change -> !change.gate().passed())
                .map(change -> change.scope().describe() + " " + change.from() + " -> " + change.to() + ": "
                        + change.gate().checks().stream()
                                .filter(check -> check.verdict() != Verdict.PASS)
                                .map(check -> check.name() + " " + check.verdict().label() + ": " + check.message())
                                .collect(Collectors.joining("; ")))
                .collect(Collectors.joining("\n"));
    }
}
