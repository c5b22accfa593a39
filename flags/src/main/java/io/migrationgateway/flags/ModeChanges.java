package io.migrationgateway.flags;

import io.migrationgateway.flags.audit.AuditEntry;
import io.migrationgateway.flags.audit.AuditLog;
import io.migrationgateway.flags.gate.FlipGate;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.GateResult;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.flags.postgres.PostgresFlagStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * The one path of every flip, whether it comes from the Togglz console, the admin API or the command line: lock the
 * resource's flag, work out which namespaces change mode, ask the gate about each, then store the new state
 * (unless refused), append one audit row per changed namespace and notify every replica, all in one transaction.
 * Refused flips are audited too; dry runs change and record nothing. Thread-safe; flips of one resource are
 * serialized by the database, across replicas too.
 */
public final class ModeChanges {
    private final DataSource dataSource;
    private final PostgresFlagStore store;
    private final AuditLog audit;
    private final FlipGate gate;
    private final MigrationModes modes;
    private final Clock clock;

    ModeChanges(DataSource dataSource, PostgresFlagStore store, AuditLog audit, FlipGate gate, MigrationModes modes, Clock clock) {
        this.dataSource = dataSource;
        this.store = store;
        this.audit = audit;
        this.gate = gate;
        this.modes = modes;
        this.clock = clock;
    }

    /**
     * Puts one namespace (or every namespace without an override) of a resource in a mode.
     *
     * @throws IllegalArgumentException when the resource has no flag
     * @throws FlagStoreException when the database cannot be used
     */
    public FlipResult flip(FlipRequest request) {
        modes.state(request.resource()); // refuses an unknown resource before touching the database
        return change(request.actor(), request.resource(), current -> current.withMode(request.namespace(), request.target()),
                request.reason(), request.force(), request.dryRun(), Optional.empty());
    }

    /**
     * Replaces a resource's whole flag by {@code proposed}, as the console's edit page does.
     *
     * @param force apply it even where a gate does not pass (the caller has made sure there is a reason)
     * @throws IllegalArgumentException when the resource has no flag
     * @throws FlagStoreException when the database cannot be used
     */
    public FlipResult apply(Actor actor, ResourceModes proposed, String reason, boolean force) {
        modes.state(proposed.resource());
        return change(actor, proposed.resource(), current -> proposed, reason, force, false, Optional.empty());
    }

    /**
     * Refuses a console save before it could be applied ({@code why} says what is wrong with it, such as a forced change
     * without a reason), and audits the refusal like a gate's: one row per namespace the save would have changed, with
     * the gate's checks and {@code why} after them, or one row naming the resource's current mode when the save
     * changes none or could not be read at all.
     *
     * @param proposed the state the save asked for, when it could be read
     * @throws IllegalArgumentException when the resource has no flag
     * @throws FlagStoreException when the database cannot be used
     */
    public FlipResult refuse(Actor actor, String resource, Optional<ResourceModes> proposed, String reason, GateCheck why) {
        modes.state(resource);
        return change(actor, resource, current -> proposed.orElse(current), reason, false, false, Optional.of(why));
    }

    private FlipResult change(Actor actor, String resource, UnaryOperator<ResourceModes> edit, String reason,
                              boolean force, boolean dryRun, Optional<GateCheck> refusal) {
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                ResourceModes before = store.lock(c, resource);
                ResourceModes after = edit.apply(before);
                List<ModeChange> changes = refusal.isPresent() ? refused(before, after, refusal.get()) : judge(before, after, force);
                boolean allowed = changes.stream().allMatch(change -> change.gate().passed() || change.forced());
                boolean applied = allowed && !dryRun;
                FlipResult result = new FlipResult(resource, before, applied ? after : before, changes, applied, dryRun);
                if (dryRun) {
                    c.rollback();
                    return result;
                }
                if (applied && !after.equals(before)) {
                    store.save(c, after, actor.who(), now);
                }
                audit.append(c, changes.stream().map(change -> new AuditEntry(0, now, actor.who(), actor.via(), resource,
                        change.scope().namespace(), change.from(), change.to(), reason, change.gate().verdict(), applied,
                        change.forced(), change.gate().checks())).toList());
                c.commit();
                if (applied) {
                    modes.put(after);
                }
                return result;
            } catch (SQLException | RuntimeException e) {
                rollback(c, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new FlagStoreException("cannot change the migration flag of " + resource + ": " + e.getMessage(), e);
        }
    }

    /** Every namespace whose mode differs between the two states, with the gate's result for it. */
    private List<ModeChange> judge(ResourceModes before, ResourceModes after, boolean force) {
        TreeSet<String> namespaces = new TreeSet<>(before.namespaces().keySet());
        namespaces.addAll(after.namespaces().keySet());
        List<Optional<String>> scopes = new ArrayList<>();
        scopes.add(Optional.empty());
        namespaces.forEach(namespace -> scopes.add(Optional.of(namespace)));

        List<ModeChange> changes = new ArrayList<>();
        for (Optional<String> namespace : scopes) {
            Mode from = before.modeOf(namespace);
            Mode to = after.modeOf(namespace);
            if (from != to) {
                Scope scope = new Scope(before.resource(), namespace);
                GateResult result = gate.evaluate(scope, from, to);
                changes.add(new ModeChange(scope, from, to, result, force && !result.passed() && result.forceable()));
            }
        }
        return changes;
    }

    /** The changes a refused save would have made, each refused by {@code why} too; the current mode when none. */
    private List<ModeChange> refused(ResourceModes before, ResourceModes after, GateCheck why) {
        List<ModeChange> judged = judge(before, after, false);
        if (judged.isEmpty()) {
            Mode current = before.defaultMode();
            return List.of(new ModeChange(new Scope(before.resource(), Optional.empty()), current, current,
                    new GateResult(List.of(why), false), false));
        }
        return judged.stream().map(change -> {
            List<GateCheck> checks = new ArrayList<>(change.gate().checks());
            checks.add(why);
            return new ModeChange(change.scope(), change.from(), change.to(), new GateResult(checks, false), false);
        }).toList();
    }

    /** Rolls back without hiding why: a dead connection fails the rollback too. */
    private static void rollback(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
