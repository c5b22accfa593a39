package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Map;
import java.util.function.Consumer;
import org.togglz.core.Feature;
import org.togglz.core.activation.Parameter;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.spi.ActivationStrategy;
import org.togglz.core.user.FeatureUser;

/**
 * The only activation strategy of a resource's feature: its parameters are the migration mode and the
 * per-namespace overrides, so the console's own edit page edits them and refuses values that do not parse. A third,
 * optional parameter takes the reason for the audit log, a fourth forces a change past its gate (with a reason, audited
 * as forced, as {@code mode set --force} does); neither is kept in the flag, so the form starts with them empty.
 * The form's Enabled box does not decide alone: see {@link EnabledFollowsMode}.
 */
public final class MigrationModeStrategy implements ActivationStrategy {
    public static final String ID = "migration-mode";
    public static final String MODE = "mode";
    public static final String NAMESPACES = "namespaces";
    public static final String REASON = "reason";
    public static final String FORCE = "force";

    private static final Parameter[] PARAMETERS = {
        new CheckedParameter(MODE, "Mode", "0 legacy, 1 shadow, 2 dual-write, 3 unified-read, 4 unified-only, "
                + "5 legacy-retired: the mode of every namespace without an override. Enabled follows from the modes: one "
                + "above 0 (here or in an override) enables the flag, all 0 disables it; unticking Enabled on an enabled flag "
                + "puts every namespace in mode 0", false, false, Mode::parse),
        new CheckedParameter(NAMESPACES, "Namespace overrides", "Optional, such as org-2=4, org-3=0", true, false,
                ResourceModes::parseNamespaces),
        new CheckedParameter(REASON, "Reason", "Why, for the audit log (not kept in the flag)", true, true, reason -> {
        }),
        new CheckedParameter(FORCE, "Force", "Optional: 'yes' applies the change even when its gate does not pass; needs a "
                + "reason and is audited as forced (not kept in the flag)", true, false, MigrationModeStrategy::forced),
    };

    /**
     * Whether the console's form asks to force the change: empty or {@code no} is not forced, {@code yes} is.
     *
     * @throws InvalidFlagStateException for any other value
     */
    public static boolean forced(String value) {
        String text = value == null ? "" : value.strip().toLowerCase(java.util.Locale.ROOT);
        return switch (text) {
            case "", "no", "false" -> false;
            case "yes", "true" -> true;
            default -> throw new InvalidFlagStateException("Force is 'yes' or empty, got '" + value.strip() + "'");
        };
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public String getName() {
        return "Migration mode";
    }

    /** Togglz's "active" for a resource: its namespaces without an override are past mode 0. */
    @Override
    public boolean isActive(FeatureState featureState, FeatureUser user) {
        try {
            return toResourceModes(featureState).defaultMode() != Mode.LEGACY;
        } catch (InvalidFlagStateException e) {
            return false;
        }
    }

    @Override
    public Parameter[] getParameters() {
        return PARAMETERS.clone();
    }

    /** The console's view of a flag. */
    public static FeatureState toFeatureState(Feature feature, ResourceModes modes) {
        FeatureState state = new FeatureState(feature, modes.enabled()).setStrategyId(ID);
        state.setParameter(MODE, Integer.toString(modes.mode().number()));
        String namespaces = modes.namespacesText();
        state.setParameter(NAMESPACES, namespaces.isEmpty() ? null : namespaces);
        return state;
    }

    /**
     * The flag a console edit asks for (its reason is not part of it). A feature switched off without a strategy is
     * mode 0 everywhere.
     *
     * @throws InvalidFlagStateException when the strategy is not this one, or a parameter does not parse
     */
    public static ResourceModes toResourceModes(FeatureState state) {
        String resource = state.getFeature().name();
        String strategy = state.getStrategyId();
        if (strategy == null || strategy.isBlank()) {
            if (state.isEnabled()) {
                throw new InvalidFlagStateException("choose the 'Migration mode' strategy and a mode for " + resource);
            }
            return ResourceModes.initial(resource);
        }
        if (!ID.equals(strategy)) {
            throw new InvalidFlagStateException("the mode of " + resource + " is set with the 'Migration mode' strategy, not '" + strategy + "'");
        }
        Mode mode;
        try {
            mode = Mode.parse(state.getParameter(MODE));
        } catch (IllegalArgumentException e) {
            throw new InvalidFlagStateException(e.getMessage());
        }
        Map<String, Mode> namespaces = ResourceModes.parseNamespaces(state.getParameter(NAMESPACES));
        return new ResourceModes(resource, state.isEnabled(), mode, namespaces);
    }

    /** A strategy parameter whose values are valid when {@code check} accepts them (throws otherwise). */
    private record CheckedParameter(String name, String label, String description, boolean optional, boolean largeText,
                                    Consumer<String> check) implements Parameter {
        @Override
        public String getName() {
            return name;
        }

        @Override
        public String getLabel() {
            return label;
        }

        @Override
        public String getDescription() {
            return description;
        }

        @Override
        public boolean isOptional() {
            return optional;
        }

        @Override
        public boolean isLargeText() {
            return largeText;
        }

        @Override
        public boolean isValid(String value) {
            try {
                check.accept(value);
                return true;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
    }
}
