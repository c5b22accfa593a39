package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.ADMIN;
import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrudIT {
    static final String V0 = "/apis/dashboard.grafana.app/v0alpha1/namespaces/default/dashboards";
    static final String FOLDERS = "/apis/folder.grafana.app/v1beta1/namespaces/default/folders";

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
    void createThenGet() {
        ApiServer.Response created = server.post(DASHBOARDS, """
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard",
                 "metadata":{"name":"crud-1","namespace":"default"},"spec":{"title":"One"}}""");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Content-Type")).isEqualTo("application/json");
        JsonNode object = created.json();
        assertThat(object.path("metadata").path("uid").asText()).isNotEmpty();
        assertThat(object.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(object.path("metadata").path("creationTimestamp").asText()).isNotEmpty();
        assertThat(object.path("metadata").path("generation").asInt()).isEqualTo(1);

        JsonNode read = server.get(DASHBOARDS + "/crud-1").json();
        assertThat(read.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(read.path("kind").asText()).isEqualTo("Dashboard");
        assertThat(read.path("spec").path("title").asText()).isEqualTo("One");
        assertThat(read.path("metadata").path("namespace").asText()).isEqualTo("default");
    }

    @Test
    void createWithoutApiVersionOrNamespaceTakesThemFromThePath() {
        ApiServer.Response created = server.post(DASHBOARDS, "{\"metadata\":{\"name\":\"crud-bare\"},\"spec\":{}}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(created.json().path("metadata").path("namespace").asText()).isEqualTo("default");
    }

    @Test
    void createWithGenerateName() {
        ApiServer.Response created = server.post(DASHBOARDS,
                "{\"metadata\":{\"generateName\":\"gen-\"},\"spec\":{\"title\":\"G\"}}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("name").asText()).startsWith("gen-").hasSizeGreaterThan(4);
    }

    @Test
    void everyVersionReadsTheSameObject() {
        server.createDashboard("crud-versions", "Versions");
        JsonNode v0 = server.get(V0 + "/crud-versions").json();
        assertThat(v0.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");
        assertThat(v0.path("spec").path("title").asText()).isEqualTo("Versions");

        ApiServer.Response written = server.put(V0 + "/crud-versions", v0.toString().replace("Versions", "Changed"));
        assertThat(written.status()).isEqualTo(200);
        assertThat(written.json().path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");

        JsonNode v1 = server.get(DASHBOARDS + "/crud-versions").json();
        assertThat(v1.fieldNames()).toIterable().startsWith("apiVersion", "kind");
        assertThat(v1.path("metadata")).isEqualTo(written.json().path("metadata"));
        assertThat(v1.path("spec")).isEqualTo(written.json().path("spec"));
        assertThat(v1.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(v1.path("spec").path("title").asText()).isEqualTo("Changed");

        JsonNode list = server.get(V0 + "?labelSelector=").json();
        assertThat(list.path("kind").asText()).isEqualTo("DashboardList");
        assertThat(list.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");
        list.path("items").forEach(item ->
                assertThat(item.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1"));
    }

    @Test
    void updateWithStaleResourceVersionConflicts() {
        JsonNode created = server.createDashboard("crud-stale", "Stale");
        String fresh = created.toString().replace("\"Stale\"", "\"Fresh\"");
        assertThat(server.put(DASHBOARDS + "/crud-stale", fresh).status()).isEqualTo(200);

        ApiServer.Response stale = server.put(DASHBOARDS + "/crud-stale", created.toString());
        assertThat(stale.status()).isEqualTo(409);
        JsonNode status = stale.json();
        assertThat(status.path("reason").asText()).isEqualTo("Conflict");
        assertThat(status.path("message").asText()).isEqualTo("Operation cannot be fulfilled on "
                + "dashboards.dashboard.grafana.app \"crud-stale\": the object has been modified; "
                + "please apply your changes to the latest version and try again");
        assertThat(status.path("details").path("kind").asText()).isEqualTo("dashboards");
    }

    @Test
    void updateBumpsGenerationOnlyWhenSpecChanges() {
        JsonNode created = server.createDashboard("crud-gen", "Gen");
        JsonNode labelled = server.put(DASHBOARDS + "/crud-gen",
                created.toString().replace("\"labels\":{}", "\"labels\":{\"a\":\"b\"}")).json();
        assertThat(labelled.path("metadata").path("generation").asInt()).isEqualTo(1);
        JsonNode retitled = server.put(DASHBOARDS + "/crud-gen",
                labelled.toString().replace("\"Gen\"", "\"Gen 2\"")).json();
        assertThat(retitled.path("metadata").path("generation").asInt()).isEqualTo(2);
    }

    @Test
    void updateNameMustMatchThePath() {
        JsonNode created = server.createDashboard("crud-name", "Name");
        ApiServer.Response response = server.put(DASHBOARDS + "/other-name", created.toString());
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("message").asText())
                .isEqualTo("the name of the object (crud-name) does not match the name on the URL (other-name)");
    }

    @Test
    void updateOfMissingObjectIsNotFound() {
        ApiServer.Response response = server.put(DASHBOARDS + "/crud-missing",
                "{\"metadata\":{\"name\":\"crud-missing\"},\"spec\":{}}");
        assertThat(response.status()).isEqualTo(404);
    }

    @Test
    void namespaceMismatchIsBadRequest() {
        ApiServer.Response response = server.post(DASHBOARDS,
                "{\"metadata\":{\"name\":\"crud-ns\",\"namespace\":\"org-2\"},\"spec\":{}}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("reason").asText()).isEqualTo("BadRequest");
        assertThat(response.json().path("message").asText())
                .isEqualTo("the namespace of the provided object does not match the namespace sent on the request");
    }

    @Test
    void apiVersionOrKindMismatchIsBadRequest() {
        assertThat(server.post(DASHBOARDS, "{\"apiVersion\":\"folder.grafana.app/v1beta1\",\"metadata\":"
                + "{\"name\":\"crud-av\"},\"spec\":{}}").status()).isEqualTo(400);
        assertThat(server.post(DASHBOARDS, "{\"kind\":\"Folder\",\"metadata\":{\"name\":\"crud-kind\"},\"spec\":{}}")
                .json().path("message").asText()).contains("does not match the expected kind (Dashboard)");
    }

    @Test
    void createOfExistingNameIsAlreadyExists() {
        server.createDashboard("crud-dup", "Dup");
        ApiServer.Response response = server.post(DASHBOARDS, "{\"metadata\":{\"name\":\"crud-dup\"},\"spec\":{}}");
        assertThat(response.status()).isEqualTo(409);
        assertThat(response.json().path("reason").asText()).isEqualTo("AlreadyExists");
        assertThat(response.json().path("message").asText())
                .isEqualTo("dashboards.dashboard.grafana.app \"crud-dup\" already exists");
    }

    @Test
    void missingObjectIsNotFoundStatus() {
        ApiServer.Response response = server.get(DASHBOARDS + "/nope");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"dashboards.dashboard.grafana.app \\\"nope\\\" not found\","
                + "\"reason\":\"NotFound\",\"details\":{\"name\":\"nope\",\"group\":\"dashboard.grafana.app\","
                + "\"kind\":\"dashboards\"},\"code\":404}");
    }

    @Test
    void invalidNameIsInvalidWithCause() {
        ApiServer.Response response = server.post(DASHBOARDS, "{\"metadata\":{\"name\":\"Not_Valid\"},\"spec\":{}}");
        assertThat(response.status()).isEqualTo(422);
        JsonNode status = response.json();
        assertThat(status.path("reason").asText()).isEqualTo("Invalid");
        assertThat(status.path("message").asText())
                .startsWith("Dashboard.dashboard.grafana.app \"Not_Valid\" is invalid: metadata.name: Invalid value: ");
        assertThat(status.path("details").path("causes").get(0).path("field").asText()).isEqualTo("metadata.name");
    }

    @Test
    void schemaViolationIsInvalid() {
        ApiServer.Response response = server.post(FOLDERS, "{\"metadata\":{\"name\":\"crud-folder\"},\"spec\":{}}");
        assertThat(response.status()).isEqualTo(422);
        assertThat(response.json().path("message").asText())
                .isEqualTo("Folder.folder.grafana.app \"crud-folder\" is invalid: spec.title: Required value");
        assertThat(response.json().path("details").path("causes").get(0).path("reason").asText())
                .isEqualTo("FieldValueRequired");
    }

    @Test
    void strictFieldValidationRefusesUnknownFields() {
        ApiServer.Response response = server.post(FOLDERS + "?fieldValidation=Strict",
                "{\"metadata\":{\"name\":\"crud-strict\"},\"spec\":{\"title\":\"T\",\"foo\":1}}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("message").asText())
                .isEqualTo("strict decoding error: unknown field \"spec.foo\"");
        assertThat(server.get(FOLDERS + "/crud-strict").status()).isEqualTo(404);
    }

    @Test
    void strictFieldValidationRefusesDuplicateFields() {
        ApiServer.Response response = server.post(FOLDERS + "?fieldValidation=Strict",
                "{\"metadata\":{\"name\":\"crud-dupfield\"},\"spec\":{\"title\":\"T\",\"title\":\"U\"}}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("message").asText()).startsWith("strict decoding error: Duplicate field");
    }

    @Test
    void defaultFieldValidationWarnsAndDrops() {
        ApiServer.Response response = server.post(FOLDERS,
                "{\"metadata\":{\"name\":\"crud-warn\"},\"spec\":{\"title\":\"T\",\"foo\":1}}");
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.headers().allValues("Warning")).containsExactly("299 - \"unknown field \\\"spec.foo\\\"\"");
        assertThat(response.json().path("spec").has("foo")).isFalse();
    }

    @Test
    void ignoreFieldValidationDropsSilently() {
        ApiServer.Response response = server.post(FOLDERS + "?fieldValidation=Ignore",
                "{\"metadata\":{\"name\":\"crud-ignore\"},\"spec\":{\"title\":\"T\",\"foo\":1}}");
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.headers().allValues("Warning")).isEmpty();
        assertThat(response.json().path("spec").has("foo")).isFalse();
    }

    @Test
    void dryRunWritesNothing() {
        ApiServer.Response response = server.post(DASHBOARDS + "?dryRun=All",
                "{\"metadata\":{\"name\":\"crud-dry\"},\"spec\":{\"title\":\"Dry\"}}");
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().path("spec").path("title").asText()).isEqualTo("Dry");
        assertThat(server.get(DASHBOARDS + "/crud-dry").status()).isEqualTo(404);
        assertThat(server.post(DASHBOARDS + "?dryRun=Some", "{\"metadata\":{\"name\":\"x\"},\"spec\":{}}").status())
                .isEqualTo(400);
    }

    @Test
    void fieldManagerIsRecorded() {
        ApiServer.Response response = server.post(DASHBOARDS + "?fieldManager=kubectl-create",
                "{\"metadata\":{\"name\":\"crud-managed\"},\"spec\":{\"title\":\"M\"}}");
        JsonNode entry = response.json().path("metadata").path("managedFields").get(0);
        assertThat(entry.path("manager").asText()).isEqualTo("kubectl-create");
        assertThat(entry.path("operation").asText()).isEqualTo("Update");
        assertThat(entry.path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
    }

    @Test
    void yamlInAndOut() {
        ApiServer.Response created = server.send("POST", DASHBOARDS, ADMIN, "application/yaml", """
                apiVersion: dashboard.grafana.app/v1beta1
                kind: Dashboard
                metadata:
                  name: crud-yaml
                spec:
                  title: From YAML
                """);
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().path("spec").path("title").asText()).isEqualTo("From YAML");

        ApiServer.Response yaml = server.get(DASHBOARDS + "/crud-yaml", "Accept", "application/yaml");
        assertThat(yaml.header("Content-Type")).isEqualTo("application/yaml");
        assertThat(yaml.body()).startsWith("apiVersion: dashboard.grafana.app/v1beta1\nkind: Dashboard\n");
        assertThat(yaml.body()).contains("title: From YAML");

        ApiServer.Response missing = server.get(DASHBOARDS + "/crud-yaml-missing", "Accept", "application/yaml");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).startsWith("kind: Status\n");
    }

    @Test
    void unsupportedBodyTypeIsUnsupportedMediaType() {
        ApiServer.Response response = server.send("POST", DASHBOARDS, ADMIN, "text/plain", "hello");
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.json().path("reason").asText()).isEqualTo("UnsupportedMediaType");
    }

    @Test
    void malformedJsonIsBadRequest() {
        ApiServer.Response response = server.post(DASHBOARDS, "{\"metadata\": {");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("reason").asText()).isEqualTo("BadRequest");
        assertThat(response.json().path("message").asText()).isEqualTo("the request body is not valid JSON (line 1, column 15)");
        assertThat(server.post(DASHBOARDS, "[1,2]").status()).isEqualTo(400);
        assertThat(server.post(DASHBOARDS, "").status()).isEqualTo(400);
    }

    @Test
    void theParsersOwnWordsAreNotEchoedBack() {
        ApiServer.Response response = server.post(DASHBOARDS, "{\"metadata\": <script>}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("message").asText()).isEqualTo("the request body is not valid JSON (line 1, column 14)")
                .doesNotContain("script");
    }

    @Test
    void aNumberNoDoubleHoldsIsBadRequestNotInfinity() {
        for (String number : List.of("1e999999", "-1e999999")) {
            ApiServer.Response response = server.post(DASHBOARDS, "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\","
                    + "\"metadata\":{\"name\":\"infinite\"},\"spec\":{\"title\":\"x\",\"refresh\":" + number + "}}");

            assertThat(response.status()).as(number).isEqualTo(400);
            assertThat(response.json().path("message").asText()).isEqualTo(
                    "the request body holds a number out of range: numbers must be finite");
        }
        assertThat(server.get(DASHBOARDS + "/infinite").status()).isEqualTo(404);
    }

    @Test
    void aNulCharacterInANameOrASelectorIsBadRequestNotAnOutageAndInAValueIsKept() {
        ApiServer.Response byName = server.get(DASHBOARDS + "/a%00b");
        ApiServer.Response bySelector = server.get(DASHBOARDS + "?fieldSelector=metadata.name%3Da%00b");
        ApiServer.Response inValue = server.post(DASHBOARDS, "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\","
                + "\"metadata\":{\"name\":\"nul-value\"},\"spec\":{\"title\":\"a\\u0000b\"}}");

        assertThat(byName.status()).isEqualTo(400);
        assertThat(byName.json().path("message").asText()).isEqualTo("the path may not contain NUL characters");
        assertThat(bySelector.status()).as(bySelector.body()).isEqualTo(400);
        assertThat(inValue.status()).as("JSON text keeps an escaped NUL, as etcd does").isEqualTo(201);
        assertThat(server.get(DASHBOARDS + "/nul-value").json().at("/spec/title").asText()).isEqualTo("a\u0000b");
    }

    @Test
    void unacceptableResponseTypeIsNotAcceptable() {
        ApiServer.Response response = server.get(DASHBOARDS, "Accept", "application/vnd.kubernetes.protobuf");
        assertThat(response.status()).isEqualTo(406);
        assertThat(response.json().path("reason").asText()).isEqualTo("NotAcceptable");
    }

    @Test
    void unknownResourceOrShapeIsNotFound() {
        for (String path : new String[] {"/apis/dashboard.grafana.app/v1beta1/namespaces/default/widgets",
                "/apis/dashboard.grafana.app/v1beta1/dashboards/x",
                "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards/x/dto",
                "/apis/dashboard.grafana.app/v1beta1/namespaces//dashboards"}) {
            ApiServer.Response response = server.get(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.json().path("reason").asText()).isEqualTo("NotFound");
        }
    }

    @Test
    void unsupportedMethodsAreNotAllowed() {
        assertThat(server.send("POST", DASHBOARDS + "/x", ADMIN, "application/json", "{}").status()).isEqualTo(405);
        assertThat(server.send("PUT", DASHBOARDS, ADMIN, "application/json", "{}").status()).isEqualTo(405);
        assertThat(server.send("POST", "/apis/dashboard.grafana.app/v1beta1/dashboards", ADMIN, "application/json",
                "{}").json().path("reason").asText()).isEqualTo("MethodNotAllowed");
    }

    @Test
    void bodyOverTheCapIsTooLarge() {
        try (ApiServer small = new ApiServer(ResourceApiSettings.defaults().withMaxBodyBytes(4096))) {
            String big = "{\"metadata\":{\"name\":\"big\"},\"spec\":{\"title\":\"" + "x".repeat(5000) + "\"}}";
            ApiServer.Response response = small.post(DASHBOARDS, big);
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.json().path("reason").asText()).isEqualTo("RequestEntityTooLarge");
            assertThat(response.json().path("message").asText()).isEqualTo("Request entity too large: limit is 4096");
        }
    }
}
