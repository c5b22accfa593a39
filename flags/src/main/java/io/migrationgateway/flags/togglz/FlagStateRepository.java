package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.Actor;
import io.migrationgateway.flags.FlipRefusedException;
import io.migrationgateway.flags.FlipResult;
import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.ModeChanges;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import org.togglz.core.Feature;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.repository.StateRepository;
import org.togglz.core.user.FeatureUser;
import org.togglz.core.user.UserProvider;

/**
 * Togglz's view of the flags: reads come from the {@link MigrationModes} cache, and a save (the console's edit
 * form) is a flip through {@link ModeChanges}, by the console's user, gated and audited like any other.
 */
public final class FlagStateRepository implements StateRepository {
    static final String NO_REASON = "changed in the Togglz console (no reason given)";

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
     * Flips to the edited state.
     *
     * @throws InvalidFlagStateException when the state does not parse, or gives a mode while the flag stays disabled
     *                                   (which would change nothing: the edit form saves nothing without a word)
     * @throws FlipRefusedException when the gate refuses a change it asks for
     */
    @Override
    public void setFeatureState(FeatureState featureState) {
        ResourceModes proposed = MigrationModeStrategy.toResourceModes(featureState);
        if (!proposed.enabled() && !modes.state(proposed.resource()).enabled() && asksForAMode(proposed)) {
            // the form would save a mode that does not take effect (a disabled flag is mode 0): say so, not nothing
            throw new InvalidFlagStateException("the Enabled box is not ticked, so the mode given (" + proposed.mode()
                    + (proposed.namespaces().isEmpty() ? "" : ", and the namespaces' modes") + ") would not take effect: a"
                    + " resource whose flag is disabled is in mode 0. Tick Enabled to flip " + proposed.resource()
                    + ", or give mode 0.");
        }
        FeatureUser user = users.getCurrentUser();
        String reason = featureState.getParameter(MigrationModeStrategy.REASON);
        boolean force = MigrationModeStrategy.forced(featureState.getParameter(MigrationModeStrategy.FORCE));
        if (force && (reason == null || reason.isBlank())) {
            throw new InvalidFlagStateException("a forced change needs a reason");
        }
        FlipResult result = changes.apply(new Actor(user == null ? "unknown" : user.getName(), "console"), proposed,
                reason == null || reason.isBlank() ? NO_REASON : reason.strip(), force);
        if (result.refused()) {
            throw new FlipRefusedException(result);
        }
    }

    private static boolean asksForAMode(ResourceModes proposed) {
        return proposed.mode() != Mode.LEGACY || proposed.namespaces().values().stream().anyMatch(mode -> mode != Mode.LEGACY);
    }
}
