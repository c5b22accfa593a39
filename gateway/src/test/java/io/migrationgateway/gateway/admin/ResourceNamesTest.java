package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResourceNamesTest {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final ResourceNames BUILT_IN = names(GrafanaResources.KINDS);

    private static ResourceNames names(List<KindDeclaration> kinds) {
        return new ResourceNames(kinds.stream().map(KindDeclaration::qualifiedResource).toList(), kinds);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dashboards", "dashboard", "dash", "Dashboard", "DASHBOARDS", "dashboards.dashboard.grafana.app", " dash "})
    void everyNameKubectlTakesResolvesToTheFullName(String name) {
        assertThat(BUILT_IN.resolve(name)).isEqualTo(DASHBOARDS);
    }

    @Test
    void eachResourceHasItsOwnNames() {
        assertThat(BUILT_IN.resolve("folder")).isEqualTo("folders.folder.grafana.app");
        assertThat(BUILT_IN.resolve("Playlist")).isEqualTo("playlists.playlist.grafana.app");
        assertThat(BUILT_IN.resolve("sa")).isEqualTo("serviceaccounts.iam.grafana.app");
        assertThat(BUILT_IN.resolve("ServiceAccount")).isEqualTo("serviceaccounts.iam.grafana.app");
        assertThat(BUILT_IN.names(DASHBOARDS)).containsExactly(DASHBOARDS, "dashboards", "dashboard", "dash");
    }

    @Test
    void anUnknownNameIsRefusedListingEveryResourceWithItsNames() {
        assertThatThrownBy(() -> BUILT_IN.resolve("widgets")).isInstanceOf(ResourceNames.UnknownResource.class)
                .hasMessage("no migration flag for resource 'widgets'; known: dashboards.dashboard.grafana.app (dashboards, "
                        + "dashboard, dash), folders.folder.grafana.app (folders, folder), playlists.playlist.grafana.app "
                        + "(playlists, playlist), serviceaccounts.iam.grafana.app (serviceaccounts, serviceaccount, sa)");
    }

    @Test
    void aNameOfTwoResourcesIsRefusedNamingBoth() {
        KindDeclaration dashboards = GrafanaResources.KINDS.getFirst();
        KindDeclaration otherDashboards = new KindDeclaration("dashboards.example.io", dashboards.versions(), "dashboards",
                "dashboard", "Dashboard", List.of("db"), dashboards.openApi(), dashboards.specSchema(), dashboards.titleField(),
                dashboards.searchable());
        ResourceNames both = names(List.of(dashboards, otherDashboards));

        assertThatThrownBy(() -> both.resolve("dashboard")).isNotInstanceOf(ResourceNames.UnknownResource.class)
                .hasMessage("resource name 'dashboard' is ambiguous: it names dashboards.dashboard.grafana.app, "
                        + "dashboards.dashboards.example.io; give one of these full names");
        assertThat(both.resolve("db")).isEqualTo("dashboards.dashboards.example.io");
        assertThat(both.resolve("dashboards.dashboard.grafana.app")).isEqualTo(DASHBOARDS);
    }

    @Test
    void aFlaggedResourceNoTranslatorDeclaresIsKnownByItsFullNameOnly() {
        ResourceNames names = new ResourceNames(List.of("widgets.example.io"), GrafanaResources.KINDS);
        assertThat(names.resolve("Widgets.Example.IO")).isEqualTo("widgets.example.io");
        assertThatThrownBy(() -> names.resolve("dashboards")).hasMessageContaining("known: widgets.example.io");
    }
}
