package io.migrationgateway.translators.folder;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.ScriptedLegacy;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FolderTranslatorTest {
    private final Fixtures fixtures = new Fixtures();

    private LegacyResponse send(String method, String path, String body) {
        LegacyResponse response = fixtures.send(method, path, body, Fixtures.ADMIN);
        assertThat(LegacyContract.unexplained(method, path, response)).as(response.toString()).isEmpty();
        return response;
    }

    private ResourceObject stored(String uid) {
        return new ResourceObject(fixtures.api().stored(FolderTranslator.KIND, "default", uid).orElseThrow());
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    // ---- create and read -----------------------------------------------------------------------------------

    @Test
    void aCreatedFolderIsGrafana93sFolderDto() {
        LegacyResponse created = send("POST", "/api/folders", "{\"uid\":\"ops\",\"title\":\" Ops team \",\"description\":\"d\"}");

        assertThat(created.status()).isEqualTo(200);
        assertThat(Fixtures.wire(created)).isEqualTo(json("""
                {"id":100001,"uid":"ops","title":"Ops team","url":"/dashboards/f/ops/ops-team","hasAcl":false,"canSave":true,
                 "canEdit":true,"canAdmin":true,"canDelete":true,"createdBy":"admin","created":"2024-05-06T07:08:09Z",
                 "updatedBy":"admin","updated":"2024-05-06T07:08:09Z","version":1}"""));
        assertThat(keys(created.body())).startsWith("id", "uid", "title", "url", "hasAcl");
        ResourceObject object = stored("ops");
        assertThat(object.spec()).isEqualTo(json("{\"title\":\"Ops team\",\"description\":\"d\"}"));
        assertThat(ResourceContract.findings(FolderTranslator.KIND, object.json())).isEmpty();
    }

    @Test
    void aNestedFolderNamesItsParentAsGrafana93Does() {
        send("POST", "/api/folders", "{\"uid\":\"ops\",\"title\":\"Ops\"}");
        LegacyResponse child = send("POST", "/api/folders", "{\"title\":\"Child\",\"parent_uid\":\"ops\"}");

        assertThat(child.body().get("parent_uid").asText()).isEqualTo("ops");
        assertThat(child.body().get("uid").asText()).matches("[a-z][a-z0-9]{13}");
        assertThat(stored(child.body().get("uid").asText()).annotation("grafana.app/folder")).hasValue("ops");
    }

    @Test
    void foldersAreFoundByUidAndById() {
        long id = send("POST", "/api/folders", "{\"uid\":\"ops\",\"title\":\"Ops\"}").body().get("id").asLong();

        assertThat(send("GET", "/api/folders/ops", null).body().get("id").asLong()).isEqualTo(id);
        assertThat(send("GET", "/api/folders/id/" + id, null).body().get("uid").asText()).isEqualTo("ops");
        assertThat(send("GET", "/api/folders/id/4242", null).body()).isEqualTo(json("{\"message\":\"folder not found\",\"status\":\"not-found\"}"));
        assertThat(send("GET", "/api/folders/nope", null).status()).isEqualTo(404);
        LegacyResponse badId = fixtures.get("/api/folders/id/abc");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.body()).isEqualTo(json("{\"message\":\"id is invalid\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "empty title | {\"title\":\" \"} | 400 | {\"message\":\"folder title cannot be empty\"}",
            "illegal uid | {\"uid\":\"a/b\",\"title\":\"x\"} | 400 | {\"message\":\"uid contains illegal characters\"}",
            "missing parent | {\"title\":\"x\",\"parentUid\":\"nope\"} | 404 | {\"message\":\"folder not found\",\"status\":\"not-found\"}",
            "uid of a folder | {\"uid\":\"ops\",\"title\":\"Other\"} | 412 | {\"message\":\"the folder has been changed by someone else\",\"status\":\"version-mismatch\"}",
            "uid of a dashboard | {\"uid\":\"dash\",\"title\":\"Other\"} | 400 | {\"message\":\"Dashboard cannot be changed to a folder\"}",
            "sibling with the name | {\"title\":\"OPS\"} | 409 | {\"message\":\"a folder or dashboard in the general folder with the same name already exists\"}",
            "title not text | {\"title\":5} | 400 | {\"message\":\"bad request data\"}",
            "not an object | [] | 400 | {\"message\":\"bad request data\"}"})
    void createsAreRefusedAsGrafana93RefusesThem(String what, String body, int status, String answer) {
        send("POST", "/api/folders", "{\"uid\":\"ops\",\"title\":\"Ops\"}");
        fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"uid\":\"dash\",\"title\":\"Dash\"}}");

        LegacyResponse refused = send("POST", "/api/folders", body);

        assertThat(refused.status()).isEqualTo(status);
        assertThat(refused.body()).isEqualTo(json(answer));
    }

    @Test
    void aListIsOneLevelByTitleWithPaging() {
        send("POST", "/api/folders", "{\"uid\":\"b\",\"title\":\"beta\"}");
        send("POST", "/api/folders", "{\"uid\":\"a\",\"title\":\"Alpha\"}");
        send("POST", "/api/folders", "{\"uid\":\"c\",\"title\":\"Child\",\"parentUid\":\"a\"}");

        assertThat(send("GET", "/api/folders", null).body()).extracting(h -> h.get("uid").asText()).containsExactly("a", "b");
        assertThat(Fixtures.wire(send("GET", "/api/folders?parentUid=a", null)))
                .isEqualTo(json("[{\"id\":100003,\"uid\":\"c\",\"title\":\"Child\",\"parentUid\":\"a\"}]"));
        assertThat(send("GET", "/api/folders?limit=1&page=2", null).body()).extracting(h -> h.get("uid").asText()).containsExactly("b");
        assertThat(send("GET", "/api/folders?parentUid=nope", null).status()).isEqualTo(404);
    }

    // ---- update ---------------------------------------------------------------------------------------------

    @Test
    void anUpdateChecksTheVersionUnlessOverwrite() {
        send("POST", "/api/folders", "{\"uid\":\"ops\",\"title\":\"Ops\",\"description\":\"kept\"}");

        LegacyResponse updated = send("PUT", "/api/folders/ops", "{\"title\":\"Ops 2\",\"version\":1}");
        assertThat(updated.body().get("version").asInt()).isEqualTo(2);
        assertThat(stored("ops").spec()).isEqualTo(json("{\"title\":\"Ops 2\",\"description\":\"kept\"}"));

        LegacyResponse stale = send("PUT", "/api/folders/ops", "{\"title\":\"Stale\",\"version\":1}");
        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.body()).isEqualTo(json("{\"message\":\"the folder has been changed by someone else\",\"status\":\"version-mismatch\"}"));

        assertThat(send("PUT", "/api/folders/ops", "{\"title\":\"Forced\",\"overwrite\":true}").body().get("title").asText()).isEqualTo("Forced");
        assertThat(send("PUT", "/api/folders/ops", "{\"title\":\"\",\"version\":3}").body())
                .isEqualTo(json("{\"message\":\"folder title cannot be empty\"}"));
        assertThat(send("PUT", "/api/folders/ops", "{\"title\":\"x\",\"version\":\"3\"}").body())
                .isEqualTo(json("{\"message\":\"bad request data\"}"));
        assertThat(send("PUT", "/api/folders/nope", "{\"title\":\"x\",\"version\":1}").status()).isEqualTo(404);
    }

    @Test
    void aRenameOntoASiblingsNameIsRefused() {
        send("POST", "/api/folders", "{\"uid\":\"a\",\"title\":\"A\"}");
        send("POST", "/api/folders", "{\"uid\":\"b\",\"title\":\"B\"}");

        assertThat(send("PUT", "/api/folders/b", "{\"title\":\"a\",\"version\":1}").status()).isEqualTo(409);
    }

    // ---- delete ---------------------------------------------------------------------------------------------

    @Test
    void aDeleteTakesTheFoldersBelowAndTheirDashboardsAndAnswersNothing() {
        send("POST", "/api/folders", "{\"uid\":\"top\",\"title\":\"Top\"}");
        send("POST", "/api/folders", "{\"uid\":\"mid\",\"title\":\"Mid\",\"parentUid\":\"top\"}");
        send("POST", "/api/folders", "{\"uid\":\"other\",\"title\":\"Other\"}");
        fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"uid\":\"d1\",\"title\":\"D1\"},\"folderUid\":\"mid\"}");
        fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"uid\":\"d2\",\"title\":\"D2\"},\"folderUid\":\"other\"}");

        LegacyResponse deleted = send("DELETE", "/api/folders/top", null);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.bytes()).isEmpty();
        assertThat(fixtures.api().stored(FolderTranslator.KIND, "default", "mid")).isEmpty();
        assertThat(fixtures.api().stored(DashboardTranslator.KIND, "default", "d1")).isEmpty();
        assertThat(fixtures.api().stored(DashboardTranslator.KIND, "default", "d2")).isPresent();
        assertThat(fixtures.api().stored(FolderTranslator.KIND, "default", "other")).isPresent();
        assertThat(send("DELETE", "/api/folders/top", null).status()).isEqualTo(404);
    }

    // ---- the Resource API over legacy (modes 0–2) ------------------------------------------------------------

    private static final String DTO = """
            {"id":7,"uid":"ops","title":"Ops","url":"/dashboards/f/ops/ops","hasAcl":false,"canSave":true,"canEdit":true,
             "canAdmin":true,"canDelete":true,"createdBy":"admin","created":"2024-01-01T00:00:00Z","updatedBy":"editor",
             "updated":"2024-01-02T00:00:00Z","version":3,"parent_uid":"top"}""";

    @Test
    void aLegacyFolderBecomesAnObjectWhoseResourceVersionIsItsVersion() {
        FolderTranslator translator = new FolderTranslator(fixtures.settings(), DashboardTranslator.KIND);
        ScriptedLegacy legacy = new ScriptedLegacy().answer("GET", "/api/folders/ops", 200, DTO);

        ResourceOutcome outcome = translator.resourcePlan(new ResourceCall.Get(FolderTranslator.KIND, "default", "ops")).run(legacy);

        ObjectNode object = ((ResourceOutcome.Found) outcome).object();
        assertThat(Fixtures.wire(object)).isEqualTo(json("""
                {"apiVersion":"folder.grafana.app/v1beta1","kind":"Folder",
                 "metadata":{"name":"ops","namespace":"default","resourceVersion":"3","generation":3,"creationTimestamp":"2024-01-01T00:00:00Z",
                   "labels":{"grafana.app/deprecatedInternalID":"7"},
                   "annotations":{"grafana.app/createdBy":"user:admin","grafana.app/folder":"top","grafana.app/updatedBy":"user:editor",
                     "grafana.app/updatedTimestamp":"2024-01-02T00:00:00Z"}},
                 "spec":{"title":"Ops"},"status":{}}"""));
        assertThat(ResourceContract.findings(FolderTranslator.KIND, object)).isEmpty();
    }

    @Test
    void writesOverLegacyKeepTheirPreconditionsAndRefuseMoves() {
        FolderTranslator translator = new FolderTranslator(fixtures.settings(), DashboardTranslator.KIND);
        ScriptedLegacy legacy = new ScriptedLegacy().answer("GET", "/api/folders/ops", 200, DTO)
                .answer("PUT", "/api/folders/ops", 200, DTO.replace("\"version\":3", "\"version\":4"))
                .answer("POST", "/api/folders", 412, "{\"message\":\"the folder has been changed by someone else\",\"status\":\"version-mismatch\"}");
        ObjectNode object = ((ResourceOutcome.Found) translator.resourcePlan(new ResourceCall.Get(FolderTranslator.KIND, "default", "ops"))
                .run(legacy)).object();

        assertThat(translator.resourcePlan(new ResourceCall.Create(FolderTranslator.KIND, "default", object)).run(legacy))
                .isEqualTo(new ResourceOutcome.Failed(Status.alreadyExists(FolderTranslator.KIND, "ops")));

        ((ObjectNode) object.get("metadata")).put("resourceVersion", "2");
        assertThat(translator.resourcePlan(new ResourceCall.Update(FolderTranslator.KIND, "default", object)).run(legacy))
                .isEqualTo(new ResourceOutcome.Failed(Status.conflict(FolderTranslator.KIND, "ops")));

        ((ObjectNode) object.get("metadata")).put("resourceVersion", "3");
        ((ObjectNode) object.get("spec")).put("description", "new");
        ResourceOutcome updated = translator.resourcePlan(new ResourceCall.Update(FolderTranslator.KIND, "default", object)).run(legacy);
        assertThat(new ResourceObject(((ResourceOutcome.Found) updated).object()).resourceVersion()).isEqualTo("4");
        LegacyCall put = legacy.calls().getLast();
        assertThat(Fixtures.wire(put.body())).isEqualTo(json("{\"title\":\"Ops\",\"description\":\"new\",\"version\":3,\"overwrite\":false}"));

        ((ObjectNode) object.get("metadata").get("annotations")).put("grafana.app/folder", "elsewhere");
        ResourceOutcome moved = translator.resourcePlan(new ResourceCall.Update(FolderTranslator.KIND, "default", object)).run(legacy);
        assertThat(((ResourceOutcome.Failed) moved).status().code()).isEqualTo(400);
    }

    @Test
    void listsOverLegacyFindEveryLevelThroughSearch() {
        FolderTranslator translator = new FolderTranslator(fixtures.settings(), DashboardTranslator.KIND);
        ScriptedLegacy legacy = new ScriptedLegacy().answer("GET", "/api/folders/ops", 200, DTO)
                .answer("GET", "/api/search?type=dash-folder&limit=1000&page=1", 200, "[{\"uid\":\"ops\"}]")
                .answer("GET", "/api/folders/id/7", 200, DTO);

        ResourceOutcome all = translator.resourcePlan(new ResourceCall.ListPage(FolderTranslator.KIND, "default", "", 1000, "")).run(legacy);
        ResourceOutcome byId = translator.resourcePlan(new ResourceCall.ListPage(FolderTranslator.KIND, "default",
                "grafana.app/deprecatedInternalID in (7, 8)", 100, "")).run(legacy);

        assertThat(((ResourceOutcome.Listed) all).items()).hasSize(1);
        assertThat(((ResourceOutcome.Listed) byId).items()).as("id 8 does not exist").hasSize(1);
    }

    // ---- rows ------------------------------------------------------------------------------------------------

    @Test
    void aFolderRowBecomesAFolderObject() {
        FolderRow row = new FolderRow(7, 2, "ops", "Ops", "the ops team", "top", 3, Instant.parse("2023-01-01T00:00:00Z"),
                Instant.parse("2023-01-02T00:00:00Z"), 1, "admin", -1, "");

        ObjectNode object = ((RowConverter.Converted) new FolderTranslator(fixtures.settings(), DashboardTranslator.KIND).toResource(row)).object();

        assertThat(Fixtures.wire(object)).isEqualTo(json("""
                {"apiVersion":"folder.grafana.app/v1beta1","kind":"Folder",
                 "metadata":{"name":"ops","namespace":"org-2","resourceVersion":"1672617600000","generation":3,
                   "creationTimestamp":"2023-01-01T00:00:00Z","labels":{"grafana.app/deprecatedInternalID":"7"},
                   "annotations":{"grafana.app/createdBy":"user:admin","grafana.app/folder":"top","grafana.app/updatedBy":"provisioning:",
                     "grafana.app/updatedTimestamp":"2023-01-02T00:00:00Z"}},
                 "spec":{"title":"Ops","description":"the ops team"},"status":{}}"""));
        assertThat(ResourceContract.findings(FolderTranslator.KIND, object)).isEmpty();
    }

    @Test
    void comparisonRulesIgnoreIdsTimesAndVersions() {
        var rules = new FolderTranslator(fixtures.settings(), DashboardTranslator.KIND).legacyRules(FolderTranslator.GET);
        JsonNode legacy = json(DTO);
        JsonNode unified = json(DTO.replace("\"id\":7", "\"id\":100001").replace("\"version\":3", "\"version\":1")
                .replace("2024-01-02", "2024-06-01"));
        assertThat(rules.normalize(legacy)).isEqualTo(rules.normalize(unified));
        assertThat(rules.normalize(legacy)).isNotEqualTo(rules.normalize(json(DTO.replace("\"title\":\"Ops\"", "\"title\":\"X\""))));
    }
}
