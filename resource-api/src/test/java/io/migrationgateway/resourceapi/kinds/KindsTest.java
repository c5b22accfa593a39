package io.migrationgateway.resourceapi.kinds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.model.GroupResource;
import java.util.List;
import org.junit.jupiter.api.Test;

class KindsTest {
    private final Kinds kinds = Kinds.of(GrafanaKinds.all());

    @Test
    void findsKindsByPathAndGroupResource() {
        assertThat(kinds.find("dashboard.grafana.app", "v0alpha1", "dashboards")).contains(GrafanaKinds.DASHBOARDS);
        assertThat(kinds.find("dashboard.grafana.app", "v2", "dashboards")).isEmpty();
        assertThat(kinds.find("folder.grafana.app", "v1beta1", "dashboards")).isEmpty();
        assertThat(kinds.find(new GroupResource("playlist.grafana.app", "playlists"))).contains(GrafanaKinds.PLAYLISTS);
    }

    @Test
    void groupsKeepDeclarationOrderAndPreferredVersionFirst() {
        assertThat(kinds.groups()).extracting(Kinds.ApiGroup::name)
                .containsExactly("dashboard.grafana.app", "folder.grafana.app", "playlist.grafana.app");
        Kinds.ApiGroup dashboards = kinds.group("dashboard.grafana.app").orElseThrow();
        assertThat(dashboards.versions()).containsExactly("v1beta1", "v0alpha1");
        assertThat(dashboards.preferredVersion()).isEqualTo("v1beta1");
        assertThat(kinds.serves("dashboard.grafana.app", "v0alpha1")).isTrue();
        assertThat(kinds.serves("folder.grafana.app", "v0alpha1")).isFalse();
    }

    @Test
    void aKindCannotBeDeclaredTwice() {
        assertThatThrownBy(() -> Kinds.of(List.of(GrafanaKinds.FOLDERS, GrafanaKinds.FOLDERS)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
