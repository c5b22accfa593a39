package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.ADMIN;
import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PatchIT {
    static final String MERGE = "application/merge-patch+json";
    static final String JSON_PATCH = "application/json-patch+json";
    static final String APPLY = "application/apply-patch+yaml";

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
    void mergePatchAddsAndRemoves() {
        server.createDashboard("patch-merge", "Merge", "team", "a");
        ApiServer.Response response = server.patch(DASHBOARDS + "/patch-merge?fieldManager=kubectl-annotate", MERGE,
                "{\"metadata\":{\"annotations\":{\"foo\":\"bar\"},\"labels\":{\"team\":null}},\"spec\":{\"title\":\"v2\"}}");
        assertThat(response.status()).isEqualTo(200);
        JsonNode object = response.json();
        assertThat(object.path("metadata").path("annotations").path("foo").asText()).isEqualTo("bar");
        assertThat(object.path("metadata").path("labels").has("team")).isFalse();
        assertThat(object.path("spec").path("title").asText()).isEqualTo("v2");
        assertThat(object.path("spec").path("schemaVersion").asInt()).isEqualTo(41);
        assertThat(object.path("metadata").path("managedFields").findValuesAsText("manager"))
                .contains("kubectl-annotate");
    }

    @Test
    void mergePatchThroughAnotherVersionAnswersInThatVersion() {
        server.createDashboard("patch-v0", "V0");
        ApiServer.Response response = server.patch(
                "/apis/dashboard.grafana.app/v0alpha1/namespaces/default/dashboards/patch-v0", MERGE,
                "{\"spec\":{\"title\":\"patched\"}}");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v0alpha1");
    }

    @Test
    void mergePatchWithStaleResourceVersionConflicts() {
        server.createDashboard("patch-rv", "RV");
        ApiServer.Response response = server.patch(DASHBOARDS + "/patch-rv", MERGE,
                "{\"metadata\":{\"resourceVersion\":\"1\"},\"spec\":{\"title\":\"x\"}}");
        assertThat(response.status()).isEqualTo(409);
        assertThat(response.json().path("reason").asText()).isEqualTo("Conflict");
    }

    @Test
    void mergePatchOfMissingObjectIsNotFound() {
        assertThat(server.patch(DASHBOARDS + "/patch-none", MERGE, "{}").status()).isEqualTo(404);
    }

    @Test
    void jsonPatchAppliesOperations() {
        server.createDashboard("patch-json", "Json");
        ApiServer.Response response = server.patch(DASHBOARDS + "/patch-json", JSON_PATCH,
                "[{\"op\":\"replace\",\"path\":\"/spec/title\",\"value\":\"replaced\"},"
                        + "{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"x\":\"y\"}}]");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("spec").path("title").asText()).isEqualTo("replaced");
        assertThat(response.json().path("metadata").path("labels").path("x").asText()).isEqualTo("y");
    }

    @Test
    void jsonPatchFailedTestIsInvalidAndMalformedIsBadRequest() {
        server.createDashboard("patch-test", "Test");
        ApiServer.Response failed = server.patch(DASHBOARDS + "/patch-test", JSON_PATCH,
                "[{\"op\":\"test\",\"path\":\"/spec/title\",\"value\":\"other\"}]");
        assertThat(failed.status()).isEqualTo(422);
        assertThat(failed.json().path("reason").asText()).isEqualTo("Invalid");
        assertThat(failed.json().path("details").path("name").asText()).isEqualTo("patch-test");

        ApiServer.Response malformed = server.patch(DASHBOARDS + "/patch-test", JSON_PATCH, "{\"op\":\"nope\"}");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().path("reason").asText()).isEqualTo("BadRequest");
    }

    @Test
    void patchCannotRenameTheObject() {
        server.createDashboard("patch-rename", "Rename");
        ApiServer.Response response = server.patch(DASHBOARDS + "/patch-rename", MERGE,
                "{\"metadata\":{\"name\":\"renamed\"}}");
        assertThat(response.status()).isEqualTo(400);
    }

    @Test
    void strategicMergePatchIsUnsupportedMediaType() {
        server.createDashboard("patch-smp", "SMP");
        ApiServer.Response response = server.patch(DASHBOARDS + "/patch-smp",
                "application/strategic-merge-patch+json", "{\"spec\":{\"title\":\"x\"}}");
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.json().path("reason").asText()).isEqualTo("UnsupportedMediaType");
        assertThat(response.json().path("message").asText()).isEqualTo("the body of the request was in an unknown "
                + "format - accepted media types include: application/json-patch+json, application/merge-patch+json, "
                + "application/apply-patch+yaml");
    }

    @Test
    void concurrentMergePatchesAllLand() throws Exception {
        server.createDashboard("patch-race", "Race");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String label = "l" + i;
                results.add(pool.submit(() -> server.patch(DASHBOARDS + "/patch-race", MERGE,
                        "{\"metadata\":{\"labels\":{\"" + label + "\":\"v\"}}}").status()));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(server.get(DASHBOARDS + "/patch-race").json().path("metadata").path("labels").size()).isEqualTo(8);
    }

    @Test
    void serverSideApplyCreatesThenUpdates() {
        String manifest = """
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard",
                 "metadata":{"name":"ssa-1","namespace":"default"},"spec":{"title":"Applied"}}""";
        ApiServer.Response created = server.patch(DASHBOARDS + "/ssa-1?fieldManager=kubectl&fieldValidation=Strict&force=false",
                APPLY, manifest);
        assertThat(created.status()).isEqualTo(201);
        JsonNode entry = created.json().path("metadata").path("managedFields").get(0);
        assertThat(entry.path("manager").asText()).isEqualTo("kubectl");
        assertThat(entry.path("operation").asText()).isEqualTo("Apply");

        ApiServer.Response updated = server.patch(DASHBOARDS + "/ssa-1?fieldManager=kubectl", APPLY, """
                apiVersion: dashboard.grafana.app/v1beta1
                kind: Dashboard
                metadata:
                  name: ssa-1
                spec:
                  title: Applied again
                """);
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.json().path("spec").path("title").asText()).isEqualTo("Applied again");
    }

    @Test
    void serverSideApplyConflictsWithAnotherManagerUnlessForced() {
        server.patch(DASHBOARDS + "/ssa-2?fieldManager=first", APPLY,
                "{\"metadata\":{\"name\":\"ssa-2\"},\"spec\":{\"title\":\"First\"}}");
        ApiServer.Response conflict = server.patch(DASHBOARDS + "/ssa-2?fieldManager=second&force=false", APPLY,
                "{\"metadata\":{\"name\":\"ssa-2\"},\"spec\":{\"title\":\"Second\"}}");
        assertThat(conflict.status()).isEqualTo(409);
        JsonNode status = conflict.json();
        assertThat(status.path("reason").asText()).isEqualTo("Conflict");
        assertThat(status.path("message").asText())
                .isEqualTo("Apply failed with 1 conflict: conflict with \"first\": .spec.title");
        JsonNode cause = status.path("details").path("causes").get(0);
        assertThat(cause.path("reason").asText()).isEqualTo("FieldManagerConflict");
        assertThat(cause.path("field").asText()).isEqualTo(".spec.title");
        assertThat(status.path("details").path("name").asText()).isEqualTo("ssa-2");

        ApiServer.Response forced = server.patch(DASHBOARDS + "/ssa-2?fieldManager=second&force=true", APPLY,
                "{\"metadata\":{\"name\":\"ssa-2\"},\"spec\":{\"title\":\"Second\"}}");
        assertThat(forced.status()).isEqualTo(200);
        assertThat(forced.json().path("spec").path("title").asText()).isEqualTo("Second");
    }

    @Test
    void serverSideApplyRequiresAFieldManager() {
        ApiServer.Response response = server.send("PATCH", DASHBOARDS + "/ssa-3", ADMIN, APPLY,
                "{\"metadata\":{\"name\":\"ssa-3\"},\"spec\":{\"title\":\"x\"}}", "User-Agent", "kubectl/v1.32");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("reason").asText()).isEqualTo("BadRequest");
    }

    @Test
    void serverSideApplyHonoursStrictFieldValidation() {
        ApiServer.Response response = server.patch(
                "/apis/folder.grafana.app/v1beta1/namespaces/default/folders/ssa-folder?fieldManager=kubectl&fieldValidation=Strict",
                APPLY, "{\"metadata\":{\"name\":\"ssa-folder\"},\"spec\":{\"title\":\"T\",\"bogus\":true}}");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("message").asText())
                .isEqualTo("strict decoding error: unknown field \"spec.bogus\"");
    }
}
