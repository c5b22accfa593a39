package io.migrationgateway.gateway.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.model.Namespaces;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModeDecisionsTest {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";

    private final Map<String, ResourceModes> stored = new HashMap<>();

    private ModeDecisions modes() {
        return new ModeDecisions(new MigrationModes(List.of(DASHBOARDS, FOLDERS),
                resource -> stored.getOrDefault(resource, ResourceModes.initial(resource))), Namespaces.onPrem(),
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

        ModeDecisions modes = modes();
        assertThat(modes.anyResource()).isTrue();
        assertThat(modes.anyNamespace(DASHBOARDS)).isTrue();
        assertThat(modes.anyNamespace(FOLDERS)).isFalse();
        assertThat(modes.forOrg(DASHBOARDS, 2)).isEqualTo(new ModeDecisions.Decision("org-2", Mode.SHADOW));
        assertThat(modes.forOrg(DASHBOARDS, 2).serving()).isEqualTo(Serving.LEGACY_FIRST);
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

        ModeDecisions modes = modes();
        assertThat(modes.anyResource()).isTrue();
        assertThat(modes.anyNamespace(FOLDERS)).isTrue();
        assertThat(modes.anyNamespace(DASHBOARDS)).isFalse();
        assertThat(modes.forOrg(FOLDERS, 1).serving()).isEqualTo(Serving.PASS_THROUGH);
        assertThat(modes.forOrg(FOLDERS, 2).serving()).isEqualTo(Serving.UNIFIED_ONLY);
        assertThat(modes.resourceApiOnUnified(FOLDERS, "default")).isFalse();
        assertThat(modes.resourceApiOnUnified(FOLDERS, "org-2")).isTrue();
        assertThat(modes.resourceApiOnUnified(FOLDERS, null)).as("all namespaces: the default mode").isFalse();
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

    @Test
    void everyModeIsServedOneWayAndTheResourceApiMovesToUnifiedStorageFromModeThree() {
        assertThat(Arrays.stream(Mode.values()).map(Serving::of)).containsExactly(Serving.PASS_THROUGH,
                Serving.LEGACY_FIRST, Serving.LEGACY_FIRST, Serving.UNIFIED_FIRST, Serving.UNIFIED_ONLY, Serving.RETIRED);
        assertThat(Arrays.stream(Mode.values()).map(mode -> Serving.of(mode).resourceApiOnUnified()))
                .containsExactly(false, false, false, true, true, true);
    }

    @Test
    void aListAcrossNamespacesFollowsTheDefaultModeNotTheOverrides() {
        stored.put(DASHBOARDS, new ResourceModes(DASHBOARDS, true, Mode.UNIFIED_READ, Map.of("org-2", Mode.SHADOW)));

        assertThat(modes().resourceApiOnUnified(DASHBOARDS, null)).isTrue();
        assertThat(modes().resourceApiOnUnified(DASHBOARDS, "org-2")).isFalse();
    }
}
