package io.migrationgateway.resourceapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.resourceapi.kinds.GrafanaKinds;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.status.ApiException;
import org.junit.jupiter.api.Test;

class TargetParserTest {
    private final TargetParser parser = new TargetParser(Kinds.of(GrafanaKinds.all()));

    @Test
    void resourcePaths() {
        assertThat(parser.parse("/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/abc"))
                .isEqualTo(new ApiTarget.Resource(GrafanaKinds.DASHBOARDS, "v1beta1", "default", "abc"));
        assertThat(parser.parse("/apis/dashboard.grafana.app/v0alpha1/namespaces/org-2/dashboards"))
                .isEqualTo(new ApiTarget.Resource(GrafanaKinds.DASHBOARDS, "v0alpha1", "org-2", null));
        assertThat(parser.parse("/apis/folder.grafana.app/v1beta1/folders"))
                .isEqualTo(new ApiTarget.Resource(GrafanaKinds.FOLDERS, "v1beta1", null, null));
    }

    @Test
    void discoveryAndOpenApiPaths() {
        assertThat(parser.parse("/version")).isInstanceOf(ApiTarget.Version.class);
        assertThat(parser.parse("/api")).isInstanceOf(ApiTarget.CoreApi.class);
        assertThat(parser.parse("/api/")).isInstanceOf(ApiTarget.CoreApi.class);
        assertThat(parser.parse("/apis/")).isInstanceOf(ApiTarget.Groups.class);
        assertThat(parser.parse("/apis/playlist.grafana.app")).isEqualTo(new ApiTarget.Group("playlist.grafana.app"));
        assertThat(parser.parse("/apis/playlist.grafana.app/v0alpha1"))
                .isEqualTo(new ApiTarget.GroupVersion("playlist.grafana.app", "v0alpha1"));
        assertThat(parser.parse("/openapi/v3")).isInstanceOf(ApiTarget.OpenApiIndex.class);
        assertThat(parser.parse("/openapi/v3/apis/folder.grafana.app/v1beta1"))
                .isEqualTo(new ApiTarget.OpenApiDocument("folder.grafana.app", "v1beta1"));
    }

    @Test
    void unservedPathsAreNotFound() {
        for (String path : new String[] {"/openapi/v2", "/api/v1", "/apis/dashboard.grafana.app/v2",
                "/apis/playlist.grafana.app/v0alpha1/namespaces/default/folders",
                "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/a/b",
                "/apis/dashboard.grafana.app/v1beta1/namespace/default/dashboards", "/apis//x"}) {
            assertThatThrownBy(() -> parser.parse(path)).as(path).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.status().code()).isEqualTo(404));
        }
    }
}
