package io.migrationgateway.flags;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** When {@link MigrationModes} tells its process that a flag it serves has changed. */
class MigrationModesTest {
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";

    private final Map<String, ResourceModes> stored = new ConcurrentHashMap<>(Map.of(PLAYLISTS, ResourceModes.initial(PLAYLISTS)));
    private final MigrationModes modes = new MigrationModes(List.of(PLAYLISTS), stored::get);
    private final AtomicInteger changes = new AtomicInteger();

    @Test
    void aReReadThatFindsTheFlagChangedIsReportedAndOneThatFindsItUnchangedIsNot() {
        modes.onChange(changes::incrementAndGet);

        modes.reloadAll();
        assertThat(changes).hasValue(0);

        stored.put(PLAYLISTS, new ResourceModes(PLAYLISTS, true, Mode.SHADOW, Map.of()));
        modes.reload(PLAYLISTS);
        modes.reloadAll();
        assertThat(changes).hasValue(1);
        assertThat(modes.modeOf(PLAYLISTS, "default")).isEqualTo(Mode.SHADOW);
    }

    @Test
    void aStateThisProcessCommittedIsReported() {
        modes.onChange(changes::incrementAndGet);

        modes.put(new ResourceModes(PLAYLISTS, true, Mode.DUAL_WRITE, Map.of()));

        assertThat(changes).hasValue(1);
    }
}
