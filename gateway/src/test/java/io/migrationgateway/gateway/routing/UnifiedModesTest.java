package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnifiedModesTest {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";

    private final Map<String, ResourceModes> stored = new HashMap<>();

    private UnifiedModes modes() {
        return new UnifiedModes(new MigrationModes(List.of(DASHBOARDS, FOLDERS),
                resource -> stored.getOrDefault(resource, ResourceModes.initial(resource))),
                List.of(DASHBOARDS, FOLDERS));
    }

    @Test
    void nothingIsRoutedWhileEveryResourceIsInModeZero() {
        assertThat(modes().anyResource()).isFalse();
        assertThat(modes().anyNamespace(DASHBOARDS)).isFalse();
    }

    @Test
    void oneNamespaceInModeOneMakesTheResourceRouted() {
        stored.put(DASHBOARDS, new ResourceModes(DASHBOARDS, true, Mode.LEGACY, Map.of("org-2", Mode.SHADOW)));

        UnifiedModes modes = modes();
        assertThat(modes.anyResource()).isTrue();
        assertThat(modes.anyNamespace(DASHBOARDS)).isTrue();
        assertThat(modes.anyNamespace(FOLDERS)).isFalse();
        assertThat(modes.modeOf(DASHBOARDS, "org-2")).isEqualTo(Mode.SHADOW);
    }

    @Test
    void aDefaultInModeTwoOrThreeMakesTheResourceRouted() {
        stored.put(DASHBOARDS, new ResourceModes(DASHBOARDS, true, Mode.DUAL_WRITE, Map.of()));
        stored.put(FOLDERS, new ResourceModes(FOLDERS, true, Mode.UNIFIED_READ, Map.of()));

        assertThat(modes().anyNamespace(DASHBOARDS)).isTrue();
        assertThat(modes().anyNamespace(FOLDERS)).isTrue();
    }

    @Test
    void oneNamespaceInModeFourMakesTheResourceRouted() {
        stored.put(FOLDERS, new ResourceModes(FOLDERS, true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY)));

        UnifiedModes modes = modes();
        assertThat(modes.anyResource()).isTrue();
        assertThat(modes.anyNamespace(FOLDERS)).isTrue();
        assertThat(modes.anyNamespace(DASHBOARDS)).isFalse();
        assertThat(modes.modeOf(FOLDERS, "default")).isEqualTo(Mode.LEGACY);
        assertThat(modes.modeOf(FOLDERS, "org-2")).isEqualTo(Mode.UNIFIED_ONLY);
    }

    @Test
    void aRetiredDefaultCountsEvenWhenANamespaceIsBackInModeZero() {
        stored.put(DASHBOARDS, new ResourceModes(DASHBOARDS, true, Mode.LEGACY_RETIRED, Map.of("default", Mode.LEGACY)));

        assertThat(modes().anyNamespace(DASHBOARDS)).isTrue();
    }

    @Test
    void aFeatureThatIsOffKeepsItsDormantModesOutOfTheWay() {
        stored.put(DASHBOARDS, new ResourceModes(DASHBOARDS, false, Mode.UNIFIED_ONLY, Map.of("org-2", Mode.LEGACY_RETIRED)));

        assertThat(modes().anyResource()).isFalse();
    }
}
