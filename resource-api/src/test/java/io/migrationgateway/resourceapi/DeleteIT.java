package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.ADMIN;
import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DeleteIT {
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
    void deleteAnswersTheDeletedObject() {
        server.createDashboard("del-1", "Del");
        ApiServer.Response response = server.send("DELETE", DASHBOARDS + "/del-1", ADMIN, "application/json",
                "{\"propagationPolicy\":\"Background\"}");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("kind").asText()).isEqualTo("Dashboard");
        assertThat(response.json().path("metadata").path("name").asText()).isEqualTo("del-1");
        assertThat(server.get(DASHBOARDS + "/del-1").status()).isEqualTo(404);
        assertThat(server.delete(DASHBOARDS + "/del-1").json().path("reason").asText()).isEqualTo("NotFound");
    }

    @Test
    void deleteWithoutBody() {
        server.createDashboard("del-nobody", "Del");
        assertThat(server.delete(DASHBOARDS + "/del-nobody").status()).isEqualTo(200);
    }

    @Test
    void fabric8DeleteOptionsAreAccepted() {
        server.createDashboard("del-fabric8", "Del");
        ApiServer.Response response = server.send("DELETE", DASHBOARDS + "/del-fabric8", ADMIN, "application/json",
                "{\"apiVersion\":\"v1\",\"kind\":\"DeleteOptions\",\"propagationPolicy\":\"Background\"}");
        assertThat(response.status()).isEqualTo(200);
    }

    @Test
    void preconditionsMustHold() {
        JsonNode created = server.createDashboard("del-pre", "Del");
        String uid = created.path("metadata").path("uid").asText();
        String rv = created.path("metadata").path("resourceVersion").asText();

        ApiServer.Response wrongUid = server.send("DELETE", DASHBOARDS + "/del-pre", ADMIN, "application/json",
                "{\"preconditions\":{\"uid\":\"not-it\"}}");
        assertThat(wrongUid.status()).isEqualTo(409);
        assertThat(wrongUid.json().path("message").asText()).isEqualTo("Operation cannot be fulfilled on "
                + "dashboards.dashboard.grafana.app \"del-pre\": Precondition failed: UID in precondition: not-it, "
                + "UID in object meta: " + uid);

        ApiServer.Response wrongRv = server.send("DELETE", DASHBOARDS + "/del-pre", ADMIN, "application/json",
                "{\"preconditions\":{\"resourceVersion\":\"1\"}}");
        assertThat(wrongRv.status()).isEqualTo(409);

        ApiServer.Response ok = server.send("DELETE", DASHBOARDS + "/del-pre", ADMIN, "application/json",
                "{\"preconditions\":{\"uid\":\"" + uid + "\",\"resourceVersion\":\"" + rv + "\"}}");
        assertThat(ok.status()).isEqualTo(200);
    }

    @Test
    void dryRunDeleteKeepsTheObject() {
        server.createDashboard("del-dry", "Del");
        assertThat(server.delete(DASHBOARDS + "/del-dry?dryRun=All").status()).isEqualTo(200);
        ApiServer.Response viaBody = server.send("DELETE", DASHBOARDS + "/del-dry", ADMIN, "application/json",
                "{\"dryRun\":[\"All\"],\"preconditions\":{\"uid\":\"other\"}}");
        assertThat(viaBody.status()).isEqualTo(409);
        assertThat(server.get(DASHBOARDS + "/del-dry").status()).isEqualTo(200);
    }

    @Test
    void deleteCollectionDeletesWhatTheSelectorSelects() {
        server.createDashboard("del-c1", "C1", "purge", "yes");
        server.createDashboard("del-c2", "C2", "purge", "yes");
        server.createDashboard("del-c3", "C3", "purge", "no");
        ApiServer.Response response = server.delete(DASHBOARDS + "?labelSelector=purge%3Dyes");
        assertThat(response.status()).isEqualTo(200);
        JsonNode list = response.json();
        assertThat(list.path("kind").asText()).isEqualTo("DashboardList");
        assertThat(list.path("items").findValuesAsText("name")).containsExactlyInAnyOrder("del-c1", "del-c2");
        list.path("items").forEach(item -> assertThat(item.path("apiVersion").asText())
                .isEqualTo("dashboard.grafana.app/v1beta1"));
        assertThat(server.get(DASHBOARDS + "/del-c1").status()).isEqualTo(404);
        assertThat(server.get(DASHBOARDS + "/del-c3").status()).isEqualTo(200);
    }

    @Test
    void deleteCollectionOnAllNamespacesIsNotAllowed() {
        assertThat(server.delete("/apis/dashboard.grafana.app/v1beta1/dashboards").status()).isEqualTo(405);
    }
}
