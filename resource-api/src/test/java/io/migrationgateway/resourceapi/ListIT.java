package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ListIT {
    static final String TABLE_ACCEPT = "application/json;as=Table;v=v1;g=meta.k8s.io,"
            + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    static final String ALL_NAMESPACES = "/apis/dashboard.grafana.app/v1beta1/dashboards";
    static final String ORG2 = "/apis/dashboard.grafana.app/v1beta1/namespaces/org-2/dashboards";

    static ApiServer server;

    @BeforeAll
    static void start() {
        server = new ApiServer();
        for (int i = 0; i < 5; i++) {
            server.createDashboard("list-" + i, "List " + i, "team", i % 2 == 0 ? "even" : "odd");
        }
        server.post(ORG2, "{\"metadata\":{\"name\":\"org2-only\"},\"spec\":{\"title\":\"Org 2\"}}");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void listCarriesKindApiVersionAndResourceVersion() {
        JsonNode list = server.get(DASHBOARDS).json();
        assertThat(list.path("kind").asText()).isEqualTo("DashboardList");
        assertThat(list.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(list.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(list.path("metadata").has("continue")).isFalse();
        assertThat(list.path("items")).hasSize(5);
        JsonNode item = list.path("items").get(0);
        assertThat(item.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(item.path("kind").asText()).isEqualTo("Dashboard");
    }

    @Test
    void chunksFollowContinueTokens() {
        List<String> names = new ArrayList<>();
        String path = DASHBOARDS + "?limit=2";
        int pages = 0;
        String firstVersion = null;
        while (true) {
            JsonNode page = server.get(path).json();
            pages++;
            page.path("items").forEach(item -> names.add(item.path("metadata").path("name").asText()));
            String version = page.path("metadata").path("resourceVersion").asText();
            firstVersion = firstVersion == null ? version : firstVersion;
            assertThat(version).isEqualTo(firstVersion);
            String token = page.path("metadata").path("continue").asText("");
            if (token.isEmpty()) {
                break;
            }
            assertThat(page.path("metadata").path("remainingItemCount").asInt()).isPositive();
            path = DASHBOARDS + "?limit=2&continue=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
        }
        assertThat(pages).isEqualTo(3);
        assertThat(names).containsExactly("list-0", "list-1", "list-2", "list-3", "list-4");
    }

    @Test
    void labelAndFieldSelectorsFilter() {
        JsonNode even = server.get(DASHBOARDS + "?labelSelector=team%3Deven").json();
        assertThat(even.path("items").findValuesAsText("name")).containsExactly("list-0", "list-2", "list-4");
        JsonNode odd = server.get(DASHBOARDS + "?labelSelector=team+in+(odd)").json();
        assertThat(odd.path("items")).hasSize(2);
        JsonNode one = server.get(DASHBOARDS + "?fieldSelector=metadata.name%3Dlist-3").json();
        assertThat(one.path("items").findValuesAsText("name")).containsExactly("list-3");
    }

    @Test
    void malformedSelectorIsBadRequest() {
        ApiServer.Response response = server.get(DASHBOARDS + "?labelSelector=team%3D%3D%3D");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("reason").asText()).isEqualTo("BadRequest");
        assertThat(server.get(DASHBOARDS + "?fieldSelector=spec.title%3Dx").status()).isEqualTo(400);
        assertThat(server.get(DASHBOARDS + "?limit=many").status()).isEqualTo(400);
    }

    @Test
    void allNamespacesListShowsTheCallersNamespaces() {
        JsonNode admin = server.get(ALL_NAMESPACES + "?limit=500").json();
        assertThat(admin.path("items")).hasSize(6);
        assertThat(admin.path("items").findValuesAsText("namespace")).contains("default", "org-2");

        JsonNode viewer = server.send("GET", ALL_NAMESPACES, ApiServer.VIEWER, null, null).json();
        assertThat(viewer.path("items")).hasSize(5);
        assertThat(viewer.path("items").findValuesAsText("namespace")).containsOnly("default");
    }

    @Test
    void tableWhenAsked() {
        ApiServer.Response response = server.get(DASHBOARDS + "?limit=500", "Accept", TABLE_ACCEPT);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/json;as=Table;v=v1;g=meta.k8s.io");
        JsonNode table = response.json();
        assertThat(table.path("kind").asText()).isEqualTo("Table");
        assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(table.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(table.path("columnDefinitions").findValuesAsText("name")).containsExactly("Name", "Title", "Age");
        JsonNode row = table.path("rows").get(0);
        assertThat(row.path("cells").get(0).asText()).isEqualTo("list-0");
        assertThat(row.path("cells").get(1).asText()).isEqualTo("List 0");
        assertThat(row.path("cells").get(2).asText()).matches("\\d+s");
        assertThat(row.path("object").path("kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(row.path("object").path("metadata").path("namespace").asText()).isEqualTo("default");
        assertThat(row.path("object").path("metadata").path("labels").path("team").asText()).isEqualTo("even");
        assertThat(row.path("object").has("spec")).isFalse();
    }

    @Test
    void tableChunksCarryContinue() {
        JsonNode table = server.get(DASHBOARDS + "?limit=2", "Accept", TABLE_ACCEPT).json();
        assertThat(table.path("rows")).hasSize(2);
        assertThat(table.path("metadata").path("continue").asText()).isNotEmpty();
    }

    @Test
    void tableV1beta1AndIncludeObject() {
        JsonNode table = server.get(DASHBOARDS + "?includeObject=None", "Accept",
                "application/json;as=Table;v=v1beta1;g=meta.k8s.io").json();
        assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1beta1");
        assertThat(table.path("rows").get(0).has("object")).isFalse();

        JsonNode full = server.get(DASHBOARDS + "?includeObject=Object", "Accept", TABLE_ACCEPT).json();
        assertThat(full.path("rows").get(0).path("object").path("spec").path("title").asText()).isEqualTo("List 0");
    }

    @Test
    void singleObjectAsTable() {
        JsonNode table = server.get(DASHBOARDS + "/list-1", "Accept", TABLE_ACCEPT).json();
        assertThat(table.path("kind").asText()).isEqualTo("Table");
        assertThat(table.path("rows")).hasSize(1);
        assertThat(table.path("rows").get(0).path("cells").get(1).asText()).isEqualTo("List 1");
    }

    @Test
    void listAsYaml() {
        ApiServer.Response response = server.get(DASHBOARDS + "?limit=1", "Accept", "application/yaml");
        assertThat(response.header("Content-Type")).isEqualTo("application/yaml");
        assertThat(response.body()).startsWith("kind: DashboardList\napiVersion: dashboard.grafana.app/v1beta1\n");
    }

    @Test
    void emptyNamespaceListsNothing() {
        JsonNode list = server.get("/apis/folder.grafana.app/v1beta1/namespaces/default/folders").json();
        assertThat(list.path("kind").asText()).isEqualTo("FolderList");
        assertThat(list.path("items")).isEmpty();
    }
}
