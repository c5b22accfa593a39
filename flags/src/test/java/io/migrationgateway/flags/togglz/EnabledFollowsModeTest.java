package io.migrationgateway.flags.togglz;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnabledFollowsModeTest {
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final ResourceModes OFF = ResourceModes.initial(PLAYLISTS);
    private static final ResourceModes DUAL_WRITE = new ResourceModes(PLAYLISTS, true, Mode.DUAL_WRITE, Map.of());

    private static ResourceModes asked(boolean enabled, Mode mode, Map<String, Mode> namespaces) {
        return new ResourceModes(PLAYLISTS, enabled, mode, namespaces);
    }

    @Test
    void aModeAboveZeroWithEnabledUntickedOnADisabledFlagEnablesIt() {
        assertThat(EnabledFollowsMode.saved(OFF, asked(false, Mode.DUAL_WRITE, Map.of()))).isEqualTo(DUAL_WRITE);
    }

    @Test
    void anOverrideAboveZeroEnablesTheFlagToo() {
        assertThat(EnabledFollowsMode.saved(OFF, asked(false, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY))))
                .isEqualTo(asked(true, Mode.LEGACY, Map.of("org-2", Mode.UNIFIED_ONLY)));
    }

    @Test
    void modeZeroEverywhereIsADisabledFlagWithNothingDormantEvenWhenTicked() {
        assertThat(EnabledFollowsMode.saved(OFF, asked(true, Mode.LEGACY, Map.of("org-2", Mode.LEGACY)))).isEqualTo(OFF);
        assertThat(EnabledFollowsMode.saved(DUAL_WRITE, asked(true, Mode.LEGACY, Map.of()))).isEqualTo(OFF);
    }

    @Test
    void untickingEnabledOnAnEnabledFlagPutsEveryNamespaceInModeZero() {
        assertThat(EnabledFollowsMode.saved(DUAL_WRITE, asked(false, Mode.DUAL_WRITE, Map.of("org-2", Mode.SHADOW))))
                .isEqualTo(OFF);
    }

    @Test
    void aTickedFlagKeepsTheModesGiven() {
        ResourceModes asked = asked(true, Mode.UNIFIED_READ, Map.of("org-2", Mode.LEGACY));
        assertThat(EnabledFollowsMode.saved(DUAL_WRITE, asked)).isEqualTo(asked);
    }
}
