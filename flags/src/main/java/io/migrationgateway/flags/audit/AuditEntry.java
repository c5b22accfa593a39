package io.migrationgateway.flags.audit;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.Verdict;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One row of the audit log: an attempt to move one namespace of a resource (or all namespaces without an
 * override, when {@code namespace} is empty) from one mode to another, whether it was applied, and the gate's
 * checks with their figures. A console save refused before it could change any mode (a forced change without a
 * reason, a state that does not parse) is one row with {@code from} equal to {@code to}, the resource's mode then.
 *
 * @param id      increasing with time; 0 before the row is written
 * @param who     the admin user who asked
 * @param via     where it was asked: {@code console}, {@code admin-api} or {@code cli}
 * @param verdict the gate's verdict
 * @param applied false when the gate refused it
 * @param forced  true when it was applied although the gate did not pass
 */
public record AuditEntry(long id, Instant at, String who, String via, String resource, Optional<String> namespace,
                         Mode from, Mode to, String reason, Verdict verdict, boolean applied, boolean forced,
                         List<GateCheck> checks) {
    public AuditEntry {
        checks = List.copyOf(checks);
    }
}
