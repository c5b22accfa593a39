package io.migrationgateway.flags;

import io.migrationgateway.flags.gate.GateResult;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.flags.mode.Mode;

/**
 * One namespace (or every namespace without an override) whose mode a flip changes, and what the gate said.
 *
 * @param forced true when the flip was applied although this gate did not pass
 */
public record ModeChange(Scope scope, Mode from, Mode to, GateResult gate, boolean forced) {
}
