package io.migrationgateway.flags;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.flags.mode.InvalidFlagStateException;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResourceModesTest {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";

    @Test
    void featureOffServesModeZeroEverywhereWhateverTheParametersSay() {
        ResourceModes off = new ResourceModes(DASHBOARDS, false, Mode.UNIFIED_ONLY, Map.of("org-2", Mode.LEGACY_RETIRED));
        assertThat(off.modeOf("default")).isEqualTo(Mode.LEGACY);
        assertThat(off.modeOf("org-2")).isEqualTo(Mode.LEGACY);
        assertThat(off.defaultMode()).isEqualTo(Mode.LEGACY);
    }

    @Test
    void anOverrideWinsForItsNamespaceOnly() {
        ResourceModes on = new ResourceModes(DASHBOARDS, true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY));
        assertThat(on.modeOf("org-2")).isEqualTo(Mode.UNIFIED_ONLY);
        assertThat(on.modeOf("default")).isEqualTo(Mode.LEGACY);
        assertThat(on.modeOf(Optional.empty())).isEqualTo(Mode.LEGACY);
    }

    @Test
    void namespaceOverridesRoundTripInTheConsolesNotation() {
        Map<String, Mode> parsed = ResourceModes.parseNamespaces(" org-3=0 , org-2 = 4");
        assertThat(parsed).containsExactlyInAnyOrderEntriesOf(Map.of("org-3", Mode.LEGACY, "org-2", Mode.UNIFIED_ONLY));
        assertThat(new ResourceModes(DASHBOARDS, true, Mode.LEGACY, parsed).namespacesText()).isEqualTo("org-2=4,org-3=0");
        assertThat(ResourceModes.parseNamespaces("  ")).isEmpty();
    }

    @Test
    void malformedOverridesAreRefusedNamingTheEntry() {
        assertThatThrownBy(() -> ResourceModes.parseNamespaces("org-2=4,org-2=0"))
                .isInstanceOf(InvalidFlagStateException.class).hasMessageContaining("org-2 is given twice");
        assertThatThrownBy(() -> ResourceModes.parseNamespaces("org-2=6"))
                .isInstanceOf(InvalidFlagStateException.class).hasMessageContaining("org-2").hasMessageContaining("'6'");
        assertThatThrownBy(() -> ResourceModes.parseNamespaces("Org_2=4"))
                .isInstanceOf(InvalidFlagStateException.class).hasMessageContaining("'Org_2'");
        assertThatThrownBy(() -> ResourceModes.parseNamespaces("org-2"))
                .isInstanceOf(InvalidFlagStateException.class).hasMessageContaining("namespace=mode");
        assertThatThrownBy(() -> ResourceModes.parseNamespaces("org-2=4,"))
                .isInstanceOf(InvalidFlagStateException.class);
    }

    @Test
    void switchingOnAFeatureThatIsOffDropsItsDormantStateSoOnlyTheAskedNamespaceMoves() {
        ResourceModes off = new ResourceModes(DASHBOARDS, false, Mode.UNIFIED_ONLY, Map.of("org-3", Mode.LEGACY_RETIRED));
        ResourceModes on = off.withMode(Optional.of("org-2"), Mode.UNIFIED_ONLY);
        assertThat(on).isEqualTo(new ResourceModes(DASHBOARDS, true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY)));
    }

    @Test
    void settingTheDefaultKeepsTheOverrides() {
        ResourceModes on = new ResourceModes(DASHBOARDS, true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY));
        assertThat(on.withMode(Optional.empty(), Mode.LEGACY_RETIRED))
                .isEqualTo(new ResourceModes(DASHBOARDS, true, Mode.LEGACY_RETIRED, Map.of("org-2", Mode.UNIFIED_ONLY)));
    }

    @Test
    void modesParseFromNumbersAndLabels() {
        assertThat(Mode.parse("4")).isEqualTo(Mode.UNIFIED_ONLY);
        assertThat(Mode.parse("Legacy-Retired")).isEqualTo(Mode.LEGACY_RETIRED);
        assertThat(Mode.of(2)).hasToString("2 dual-write");
        assertThatThrownBy(() -> Mode.parse("7")).hasMessageContaining("0 to 5");
        assertThatThrownBy(() -> Mode.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
