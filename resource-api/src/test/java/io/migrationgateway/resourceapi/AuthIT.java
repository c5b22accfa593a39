package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static io.migrationgateway.resourceapi.ApiServer.EDITOR;
import static io.migrationgateway.resourceapi.ApiServer.VIEWER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AuthIT {
    static final String ORG2 = "/apis/dashboard.grafana.app/v1beta1/namespaces/org-2/dashboards";

    static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer();
        server.createDashboard("auth-1", "Auth");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void noCredentialsIsUnauthorized() {
        for (String path : new String[] {DASHBOARDS, "/apis", "/api", "/openapi/v3", DASHBOARDS + "/auth-1"}) {
            ApiServer.Response response = server.send("GET", path, null, null, null);
            assertThat(response.status()).as(path).isEqualTo(401);
            JsonNode status = response.json();
            assertThat(status.path("kind").asText()).isEqualTo("Status");
            assertThat(status.path("reason").asText()).isEqualTo("Unauthorized");
            assertThat(status.path("code").asInt()).isEqualTo(401);
        }
    }

    @Test
    void badCredentialsAreUnauthorized() {
        assertThat(server.send("GET", DASHBOARDS, "Bearer wrong", null, null).status()).isEqualTo(401);
    }

    @Test
    void versionIsOpen() {
        assertThat(server.send("GET", "/version", null, null, null).status()).isEqualTo(200);
    }

    @Test
    void viewerReadsButCannotWrite() {
        assertThat(server.send("GET", DASHBOARDS + "/auth-1", VIEWER, null, null).status()).isEqualTo(200);
        ApiServer.Response write = server.send("POST", DASHBOARDS, VIEWER, "application/json",
                "{\"metadata\":{\"name\":\"auth-viewer\"},\"spec\":{}}");
        assertThat(write.status()).isEqualTo(403);
        JsonNode status = write.json();
        assertThat(status.path("reason").asText()).isEqualTo("Forbidden");
        assertThat(status.path("message").asText()).isEqualTo("dashboards.dashboard.grafana.app is forbidden: "
                + "User \"viewer\" cannot create resource \"dashboards\" in API group \"dashboard.grafana.app\" "
                + "in the namespace \"default\"");
        ApiServer.Response delete = server.send("DELETE", DASHBOARDS + "/auth-1", VIEWER, null, null);
        assertThat(delete.status()).isEqualTo(403);
        assertThat(delete.json().path("message").asText()).startsWith(
                "dashboards.dashboard.grafana.app \"auth-1\" is forbidden: User \"viewer\" cannot delete resource");
        assertThat(delete.json().path("details").path("name").asText()).isEqualTo("auth-1");
    }

    @Test
    void editorWrites() {
        ApiServer.Response write = server.send("POST", DASHBOARDS, EDITOR, "application/json",
                "{\"metadata\":{\"name\":\"auth-editor\"},\"spec\":{}}");
        assertThat(write.status()).isEqualTo(201);
    }

    @Test
    void foreignNamespaceIsForbidden() {
        ApiServer.Response response = server.send("GET", ORG2, VIEWER, null, null);
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.json().path("message").asText()).isEqualTo("dashboards.dashboard.grafana.app is "
                + "forbidden: User \"viewer\" cannot list resource \"dashboards\" in API group "
                + "\"dashboard.grafana.app\" in the namespace \"org-2\"");
        assertThat(server.send("GET", ORG2 + "?watch=true", VIEWER, null, null).status()).isEqualTo(403);
    }

    @Test
    void discoveryNeedsOnlyAuthentication() {
        assertThat(server.send("GET", "/apis", VIEWER, null, null).status()).isEqualTo(200);
        assertThat(server.send("GET", "/openapi/v3", VIEWER, null, null).status()).isEqualTo(200);
    }
}
