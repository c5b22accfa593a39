package io.migrationgateway.resourceapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OpenApiIT {
    static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void indexLinksEveryServedGroupVersionWithAStableHash() {
        JsonNode paths = server.get("/openapi/v3", "Accept", "application/json, */*").json().path("paths");
        assertThat(paths.size()).isEqualTo(4);
        String url = paths.path("apis/dashboard.grafana.app/v1beta1").path("serverRelativeURL").asText();
        assertThat(url).startsWith("/openapi/v3/apis/dashboard.grafana.app/v1beta1?hash=");
        assertThat(paths.has("apis/dashboard.grafana.app/v0alpha1")).isTrue();
        assertThat(paths.has("apis/folder.grafana.app/v1beta1")).isTrue();
        assertThat(paths.has("apis/playlist.grafana.app/v0alpha1")).isTrue();
        assertThat(server.get("/openapi/v3").json().path("paths")).isEqualTo(paths);

        ApiServer.Response doc = server.get(url);
        assertThat(doc.status()).isEqualTo(200);
        assertThat(doc.header("Cache-Control")).isEqualTo("public, immutable");
    }

    @Test
    void patchOperationLetsKubectlValidateOnTheServer() {
        JsonNode doc = server.get("/openapi/v3/apis/dashboard.grafana.app/v1beta1").json();
        JsonNode patch = doc.path("paths")
                .path("/apis/dashboard.grafana.app/v1beta1/namespaces/{namespace}/dashboards/{name}").path("patch");
        assertThat(patch.path("x-kubernetes-action").asText()).isEqualTo("patch");
        assertThat(patch.path("x-kubernetes-group-version-kind").path("version").asText()).isEqualTo("v1beta1");
        assertThat(patch.path("x-kubernetes-group-version-kind").path("kind").asText()).isEqualTo("Dashboard");
        assertThat(patch.path("parameters").findValuesAsText("name")).contains("fieldValidation");
        assertThat(patch.path("requestBody").path("content").has("application/merge-patch+json")).isTrue();
        assertThat(doc.toString()).doesNotContain("application/strategic-merge-patch+json");
        assertThat(doc.path("components").path("schemas")
                .has("com.github.grafana.grafana.apps.dashboard.pkg.apis.dashboard.v1.Dashboard")).isTrue();
        assertThat(doc.path("paths").has("/apis/dashboard.grafana.app/v1beta1/namespaces/{namespace}/dashboards/{name}/dto"))
                .isFalse();
    }

    @Test
    void otherVersionsAreDerivedFromTheSnapshot() {
        JsonNode doc = server.get("/openapi/v3/apis/dashboard.grafana.app/v0alpha1").json();
        assertThat(doc.path("info").path("title").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");
        JsonNode patch = doc.path("paths")
                .path("/apis/dashboard.grafana.app/v0alpha1/namespaces/{namespace}/dashboards/{name}").path("patch");
        assertThat(patch.path("x-kubernetes-group-version-kind").path("version").asText()).isEqualTo("v0alpha1");
        assertThat(doc.toString()).doesNotContain("/apis/dashboard.grafana.app/v1beta1");
        assertThat(doc.toString()).doesNotContain("\"version\":\"v1beta1\"");
    }

    @Test
    void playlistStatusSubresourceIsNotAdvertised() {
        JsonNode doc = server.get("/openapi/v3/apis/playlist.grafana.app/v0alpha1").json();
        assertThat(doc.toString()).doesNotContain("application/strategic-merge-patch+json");
        assertThat(doc.path("paths").size()).isEqualTo(3);
    }

    @Test
    void unknownDocumentIsNotFound() {
        assertThat(server.get("/openapi/v3/apis/dashboard.grafana.app/v9").status()).isEqualTo(404);
        assertThat(server.get("/openapi/v2").json().path("code").asInt()).isEqualTo(404);
    }
}
