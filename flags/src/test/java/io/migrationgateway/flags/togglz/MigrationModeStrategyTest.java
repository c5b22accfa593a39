package io.migrationgateway.flags.togglz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.togglz.core.activation.Parameter;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.util.NamedFeature;

class MigrationModeStrategyTest {
    private static final NamedFeature DASHBOARDS = new NamedFeature("dashboards.dashboard.grafana.app");
    private final MigrationModeStrategy strategy = new MigrationModeStrategy();

    private Parameter parameter(String name) {
        return Arrays.stream(strategy.getParameters()).filter(p -> p.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aFlagRoundTripsThroughTheConsolesFeatureState() {
        ResourceModes modes = new ResourceModes(DASHBOARDS.name(), true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY));
        FeatureState state = MigrationModeStrategy.toFeatureState(DASHBOARDS, modes);
        assertThat(state.getStrategyId()).isEqualTo("migration-mode");
        assertThat(state.getParameter("mode")).isEqualTo("0");
        assertThat(state.getParameter("namespaces")).isEqualTo("org-2=4");
        assertThat(MigrationModeStrategy.toResourceModes(state)).isEqualTo(modes);
    }

    @Test
    void theConsoleRefusesParameterValuesThatDoNotParse() {
        assertThat(parameter("mode").isValid("4")).isTrue();
        assertThat(parameter("mode").isValid("unified-only")).isTrue();
        assertThat(parameter("mode").isValid("6")).isFalse();
        assertThat(parameter("mode").isOptional()).isFalse();
        assertThat(parameter("namespaces").isValid("org-2=4, org-3=0")).isTrue();
        assertThat(parameter("namespaces").isValid("org-2=4,org-2=5")).isFalse();
        assertThat(parameter("namespaces").isValid("org-2:4")).isFalse();
        assertThat(parameter("reason").isOptional()).isTrue();
    }

    @Test
    void statesTheConsoleCouldStillSendAreRefusedWhenSaved() {
        FeatureState noStrategy = new FeatureState(DASHBOARDS, true);
        assertThatThrownBy(() -> MigrationModeStrategy.toResourceModes(noStrategy))
                .isInstanceOf(InvalidFlagStateException.class).hasMessageContaining("'Migration mode' strategy");
        FeatureState otherStrategy = new FeatureState(DASHBOARDS, true).setStrategyId("gradual");
        assertThatThrownBy(() -> MigrationModeStrategy.toResourceModes(otherStrategy)).isInstanceOf(InvalidFlagStateException.class);
        FeatureState badMode = new FeatureState(DASHBOARDS, true).setStrategyId("migration-mode").setParameter("mode", "9");
        assertThatThrownBy(() -> MigrationModeStrategy.toResourceModes(badMode)).isInstanceOf(InvalidFlagStateException.class);
    }

    @Test
    void forceIsYesOrEmptyAndAnythingElseIsRefusedOnTheForm() {
        assertThat(MigrationModeStrategy.forced("yes")).isTrue();
        assertThat(MigrationModeStrategy.forced(" TRUE ")).isTrue();
        assertThat(MigrationModeStrategy.forced("")).isFalse();
        assertThat(MigrationModeStrategy.forced(null)).isFalse();
        assertThat(MigrationModeStrategy.forced("no")).isFalse();
        assertThat(parameter("force").isValid("yes")).isTrue();
        assertThat(parameter("force").isValid("maybe")).isFalse();
        assertThatThrownBy(() -> MigrationModeStrategy.forced("maybe")).isInstanceOf(InvalidFlagStateException.class)
                .hasMessageContaining("'yes' or empty");
    }

    @Test
    void switchingOffWithoutAStrategyIsModeZero() {
        assertThat(MigrationModeStrategy.toResourceModes(new FeatureState(DASHBOARDS, false)))
                .isEqualTo(ResourceModes.initial(DASHBOARDS.name()));
    }

    @Test
    void activeMeansPastModeZeroForNamespacesWithoutAnOverride() {
        FeatureState four = MigrationModeStrategy.toFeatureState(DASHBOARDS,
                new ResourceModes(DASHBOARDS.name(), true, Mode.UNIFIED_ONLY, Map.of()));
        assertThat(strategy.isActive(four, null)).isTrue();
        assertThat(strategy.isActive(four.setEnabled(false), null)).isFalse();
    }
}
