package io.migrationgateway.resourceapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DiscoveryIT {
    /** What kubectl sends for /api and /apis. */
    static final String KUBECTL_ACCEPT = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
            + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
    /** What kubectl 1.27 sends: it knows v2beta1 only. */
    static final String KUBECTL_127_ACCEPT =
            "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";

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
    void versionAnswersWithoutCredentials() {
        ApiServer.Response response = server.send("GET", "/version?timeout=5s", null, null, null,
                "Accept", "application/json, */*");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("major").asText()).isEqualTo("1");
        assertThat(response.json().path("minor").asText()).isEqualTo("32");
        assertThat(response.json().path("gitVersion").asText()).isEqualTo("v1.32.0-migration-gateway");
    }

    @Test
    void aggregatedV2WhenOffered() {
        ApiServer.Response response = server.get("/apis?timeout=32s", "Accept", KUBECTL_ACCEPT);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type"))
                .isEqualTo("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
        JsonNode body = response.json();
        assertThat(body.path("kind").asText()).isEqualTo("APIGroupDiscoveryList");
        assertThat(body.path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2");
        JsonNode dashboards = body.path("items").get(0);
        assertThat(dashboards.path("metadata").path("name").asText()).isEqualTo("dashboard.grafana.app");
        assertThat(dashboards.path("versions").get(0).path("version").asText()).isEqualTo("v1beta1");
        assertThat(dashboards.path("versions").get(1).path("version").asText()).isEqualTo("v0alpha1");
        JsonNode resource = dashboards.path("versions").get(0).path("resources").get(0);
        assertThat(resource.path("resource").asText()).isEqualTo("dashboards");
        assertThat(resource.path("scope").asText()).isEqualTo("Namespaced");
        assertThat(resource.path("singularResource").asText()).isEqualTo("dashboard");
        assertThat(resource.path("responseKind").path("kind").asText()).isEqualTo("Dashboard");
        assertThat(resource.path("responseKind").path("version").asText()).isEqualTo("v1beta1");
        assertThat(resource.path("shortNames").get(0).asText()).isEqualTo("dash");
        assertThat(resource.path("verbs").toString())
                .isEqualTo("[\"create\",\"delete\",\"deletecollection\",\"get\",\"list\",\"patch\",\"update\",\"watch\"]");
        assertThat(body.path("items")).hasSize(3);
    }

    @Test
    void aggregatedV2beta1WhenOnlyThatIsOffered() {
        ApiServer.Response response = server.get("/apis", "Accept", KUBECTL_127_ACCEPT);
        assertThat(response.header("Content-Type"))
                .isEqualTo("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList");
        assertThat(response.json().path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2beta1");
    }

    @Test
    void acceptOrderDecidesBetweenAggregatedAndLegacy() {
        ApiServer.Response response = server.get("/apis", "Accept",
                "application/json,application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.json().path("kind").asText()).isEqualTo("APIGroupList");
    }

    @Test
    void legacyGroupListWithPlainJson() {
        ApiServer.Response response = server.get("/apis", "Accept", "application/json, */*");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        JsonNode group = response.json().path("groups").get(0);
        assertThat(response.json().path("kind").asText()).isEqualTo("APIGroupList");
        assertThat(group.path("name").asText()).isEqualTo("dashboard.grafana.app");
        assertThat(group.path("versions").get(0).path("groupVersion").asText())
                .isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(group.path("preferredVersion").path("version").asText()).isEqualTo("v1beta1");
    }

    @Test
    void coreApiIsEmptyInBothForms() {
        ApiServer.Response legacy = server.get("/api?timeout=32s", "Accept", "application/json");
        assertThat(legacy.json().path("kind").asText()).isEqualTo("APIVersions");
        assertThat(legacy.json().path("versions")).isEmpty();
        ApiServer.Response aggregated = server.get("/api", "Accept", KUBECTL_ACCEPT);
        assertThat(aggregated.json().path("kind").asText()).isEqualTo("APIGroupDiscoveryList");
        assertThat(aggregated.json().path("items")).isEmpty();
        assertThat(server.get("/api/").status()).isEqualTo(200);
    }

    @Test
    void groupAndResourceList() {
        JsonNode group = server.get("/apis/dashboard.grafana.app").json();
        assertThat(group.path("kind").asText()).isEqualTo("APIGroup");
        assertThat(group.path("versions")).hasSize(2);

        JsonNode resources = server.get("/apis/dashboard.grafana.app/v0alpha1", "Accept", "application/json, */*")
                .json();
        assertThat(resources.path("kind").asText()).isEqualTo("APIResourceList");
        assertThat(resources.path("groupVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");
        JsonNode dashboards = resources.path("resources").get(0);
        assertThat(dashboards.path("name").asText()).isEqualTo("dashboards");
        assertThat(dashboards.path("singularName").asText()).isEqualTo("dashboard");
        assertThat(dashboards.path("namespaced").asBoolean()).isTrue();
        assertThat(dashboards.path("kind").asText()).isEqualTo("Dashboard");
        assertThat(dashboards.path("verbs")).hasSize(8);

        JsonNode folders = server.get("/apis/folder.grafana.app/v1beta1").json().path("resources").get(0);
        assertThat(folders.has("shortNames")).isFalse();
    }

    @Test
    void unknownGroupOrVersionIsNotFound() {
        for (String path : new String[] {"/apis/nope.grafana.app", "/apis/dashboard.grafana.app/v9",
                "/apis/folder.grafana.app/v0alpha1", "/openapi/v2"}) {
            ApiServer.Response response = server.get(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.json().path("kind").asText()).isEqualTo("Status");
            assertThat(response.json().path("message").asText())
                    .isEqualTo("the server could not find the requested resource");
        }
    }

    @Test
    void discoveryIsReadOnly() {
        ApiServer.Response response = server.send("POST", "/apis", ApiServer.ADMIN, "application/json", "{}");
        assertThat(response.status()).isEqualTo(405);
        assertThat(response.json().path("reason").asText()).isEqualTo("MethodNotAllowed");
    }

    @Test
    void ownsOnlyResourceApiPaths() {
        assertThat(ResourceApiHandler.owns("/apis")).isTrue();
        assertThat(ResourceApiHandler.owns("/apis/dashboard.grafana.app/v1beta1")).isTrue();
        assertThat(ResourceApiHandler.owns("/api")).isTrue();
        assertThat(ResourceApiHandler.owns("/api/")).isTrue();
        assertThat(ResourceApiHandler.owns("/version")).isTrue();
        assertThat(ResourceApiHandler.owns("/openapi/v3")).isTrue();
        assertThat(ResourceApiHandler.owns("/openapi/v3/apis/dashboard.grafana.app/v1beta1")).isTrue();
        assertThat(ResourceApiHandler.owns("/openapi/v2")).isTrue();
        assertThat(ResourceApiHandler.owns("/api/dashboards/uid/abc")).isFalse();
        assertThat(ResourceApiHandler.owns("/api/search")).isFalse();
        assertThat(ResourceApiHandler.owns("/apisx")).isFalse();
        assertThat(ResourceApiHandler.owns("/")).isFalse();
    }
}
