package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.Actor;
import io.migrationgateway.flags.FlipRefusedException;
import io.migrationgateway.flags.FlipResult;
import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.ModeChanges;
import io.migrationgateway.flags.gate.GateCheck;
import io.migrationgateway.flags.gate.Verdict;
import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Map;
import java.util.Optional;
import org.togglz.core.Feature;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.repository.StateRepository;
import org.togglz.core.user.FeatureUser;
import org.togglz.core.user.UserProvider;

/**
 * Togglz's view of the flags: reads come from the {@link MigrationModes} cache, and a save (the console's edit
 * form, or the Enabled/Disabled button of its list) is a flip through {@link ModeChanges}, by the console's user,
 * gated and audited like any other. The Enabled box follows from the modes given ({@link EnabledFollowsMode}), and a
 * save refused before the gate (a forced change without a reason, a state that does not parse) is audited as refused,
 * with a {@value #FORM_CHECK} check saying why.
 */
public final class FlagStateRepository implements StateRepository {
    static final String NO_REASON = "changed in the Togglz console (no reason given)";
    /** The name of the check that refuses a save the console's form cannot make, in the audit log and on the page. */
    public static final String FORM_CHECK = "console-form";

    private final MigrationModes modes;
    private final ModeChanges changes;
    private final UserProvider users;

    public FlagStateRepository(MigrationModes modes, ModeChanges changes, UserProvider users) {
        this.modes = modes;
        this.changes = changes;
        this.users = users;
    }

    @Override
    public FeatureState getFeatureState(Feature feature) {
        return modes.knows(feature.name()) ? MigrationModeStrategy.toFeatureState(feature, modes.state(feature.name())) : null;
    }

    /**
     * Flips to the edited state, enabled exactly when it gives some namespace a mode above 0.
     *
     * @throws FlipRefusedException when the gate refuses a change it asks for, or the state cannot be saved (a forced
     *                              change without a reason, a parameter that does not parse); either is audited
     */
    @Override
    public void setFeatureState(FeatureState featureState) {
        String resource = featureState.getFeature().name();
        FeatureUser user = users.getCurrentUser();
        Actor actor = new Actor(user == null ? "unknown" : user.getName(), "console");
        String given = featureState.getParameter(MigrationModeStrategy.REASON);
        String reason = given == null || given.isBlank() ? NO_REASON : given.strip();
        ResourceModes proposed;
        boolean force;
        try {
            proposed = EnabledFollowsMode.saved(modes.state(resource), MigrationModeStrategy.toResourceModes(featureState));
            force = MigrationModeStrategy.forced(featureState.getParameter(MigrationModeStrategy.FORCE));
        } catch (InvalidFlagStateException e) {
            throw refused(actor, resource, Optional.empty(), reason, e.getMessage());
        }
        if (force && reason.equals(NO_REASON)) {
            throw refused(actor, resource, Optional.of(proposed), reason, "a forced change needs a reason: give one in Reason");
        }
        FlipResult result = changes.apply(actor, proposed, reason, force);
        if (result.refused()) {
            throw new FlipRefusedException(result);
        }
    }

    private FlipRefusedException refused(Actor actor, String resource, Optional<ResourceModes> proposed, String reason,
                                         String why) {
        GateCheck check = new GateCheck(FORM_CHECK, Verdict.FAIL, why, Map.of());
        return new FlipRefusedException(changes.refuse(actor, resource, proposed, reason, check));
    }
}
