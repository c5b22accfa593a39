package io.migrationgateway.flags;

import io.migrationgateway.flags.audit.AuditLog;
import io.migrationgateway.flags.gate.FlipGate;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.postgres.ChangeListener;
import io.migrationgateway.flags.postgres.PostgresFlagStore;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;

/**
 * The flags of one gateway process, wired: {@link #modes()} for the request path, {@link #changes()} for every
 * flip, {@link #audit()} to read what was flipped, and {@code togglz.ConsoleFeatures} for the Togglz console. Holds one
 * database connection while open, for change notifications from the other replicas.
 */
public final class MigrationFlags implements AutoCloseable {
    private final MigrationModes modes;
    private final ModeChanges changes;
    private final FlipGate gate;
    private final AuditLog audit;
    private final ChangeListener listener;

    private MigrationFlags(MigrationModes modes, ModeChanges changes, FlipGate gate, AuditLog audit, ChangeListener listener) {
        this.modes = modes;
        this.changes = changes;
        this.gate = gate;
        this.audit = audit;
        this.listener = listener;
    }

    /**
     * Loads every resource's flag and starts listening for changes. The schema must have been migrated with
     * {@link io.migrationgateway.flags.postgres.FlagsSchema#migrate}, and {@code dataSource}'s connections must use it.
     *
     * @param resources the resources that get a flag (one Togglz feature each), such as {@code dashboards.dashboard.grafana.app}
     * @param evidence  where the gate's figures come from ({@link GateEvidence#NONE} until the parts that record them exist)
     * @throws FlagStoreException when the database cannot be used
     */
    public static MigrationFlags start(DataSource dataSource, List<String> resources, FlagsSettings settings,
                                       GateEvidence evidence, Clock clock) {
        PostgresFlagStore store = new PostgresFlagStore(dataSource);
        try {
            store.ensure(resources);
        } catch (SQLException e) {
            throw new FlagStoreException("cannot create the migration flags: " + e.getMessage(), e);
        }
        MigrationModes modes = new MigrationModes(resources, store);
        ChangeListener listener;
        try {
            listener = ChangeListener.start(dataSource, modes::reload, modes::reloadAll, settings.refreshInterval());
        } catch (SQLException e) {
            throw new FlagStoreException("cannot listen for migration flag changes: " + e.getMessage(), e);
        }
        // a change committed by another replica between loading and LISTEN was not heard
        modes.reloadAll();
        FlipGate gate = new FlipGate(evidence, settings.thresholds(), settings.servedModes(),
                () -> modes.resources().stream().map(modes::state).toList());
        AuditLog audit = new AuditLog(dataSource);
        return new MigrationFlags(modes, new ModeChanges(dataSource, store, audit, gate, modes, clock), gate, audit, listener);
    }

    /** The mode of every (resource, namespace), for the request path. */
    public MigrationModes modes() {
        return modes;
    }

    /** The one way to change a mode. */
    public ModeChanges changes() {
        return changes;
    }

    /** The transition rules, to ask what a flip would need without making it. */
    public FlipGate gate() {
        return gate;
    }

    public AuditLog audit() {
        return audit;
    }

    /** Stops listening for changes; {@link #modes()} keeps answering with the last known state. */
    @Override
    public void close() {
        listener.close();
    }
}
