package io.migrationgateway.translators.dashboard;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DashboardTranslatorTest {
    private final Fixtures fixtures = new Fixtures();

    private LegacyResponse save(String body) {
        LegacyResponse response = fixtures.post("/api/dashboards/db", body);
        assertThat(LegacyContract.unexplained("POST", "/api/dashboards/db", response)).as(response.toString()).isEmpty();
        return response;
    }

    private LegacyResponse get(String uid) {
        LegacyResponse response = fixtures.get("/api/dashboards/uid/" + uid);
        assertThat(LegacyContract.unexplained("GET", "/api/dashboards/uid/" + uid, response)).as(response.toString()).isEmpty();
        return response;
    }

    private ResourceObject stored(String uid) {
        return new ResourceObject(fixtures.api().stored(DashboardTranslator.KIND, "default", uid).orElseThrow());
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    // ---- save: create ------------------------------------------------------------------------------------------

    @Test
    void createWithoutUidGetsAGrafanaStyleUidANewIdAndVersionOne() {
        LegacyResponse created = save("{\"dashboard\":{\"title\":\"  My dashboard \",\"panels\":[]}}");

        assertThat(created.status()).isEqualTo(200);
        JsonNode body = created.body();
        assertThat(keys(body)).containsExactly("id", "slug", "status", "uid", "url", "version");
        assertThat(body.get("uid").asText()).matches("[a-z][a-z0-9]{13}");
        assertThat(body.get("id").asLong()).isEqualTo(100_001);
        assertThat(body.get("version").asInt()).isEqualTo(1);
        assertThat(body.get("slug").asText()).isEqualTo("my-dashboard");
        assertThat(body.get("url").asText()).isEqualTo("/d/" + body.get("uid").asText() + "/my-dashboard");
        assertThat(body.get("status").asText()).isEqualTo("success");
    }

    @Test
    void theObjectKeepsTheModelWithoutIdUidVersionAndTheLegacyFactsInMetadata() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"id\":null,\"version\":7,\"title\":\"T\",\"b\":{\"z\":1,\"a\":2},\"a\":1.50},"
                + "\"message\":\"first\"}");

        ResourceObject object = stored("abc");
        assertThat(object.json().path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
        assertThat(object.spec().toString()).as("sorted, exact numbers").isEqualTo("{\"a\":1.50,\"b\":{\"a\":2,\"z\":1},\"title\":\"T\"}");
        assertThat(object.legacyId()).isEqualTo(100_001);
        assertThat(object.annotation("grafana.app/createdBy")).hasValue("user:admin");
        assertThat(object.annotation("grafana.app/updatedBy")).hasValue("user:admin");
        assertThat(object.annotation("grafana.app/updatedTimestamp")).hasValue("2024-05-06T07:08:09Z");
        assertThat(object.annotation("grafana.app/message")).hasValue("first");
        assertThat(object.annotation("grafana.app/folder")).isEmpty();
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object.json())).isEmpty();
    }

    @Test
    void aTakenUidFoundOnlyAtCreateTimeIsTheSameUidError() {
        fixtures.api().interceptOnce(call -> call instanceof ResourceCall.Create c
                ? Optional.of(new ResourceOutcome.Failed(Status.alreadyExists(c.kind(), "abc"))) : Optional.empty());

        LegacyResponse refused = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"T\"}}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("{\"message\":\"A dashboard with the same uid already exists\"}"));
    }

    // ---- save: versions --------------------------------------------------------------------------------------

    @Test
    void aSaveAtTheCurrentVersionUpdatesAndBumpsTheVersion() {
        long id = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}").body().get("id").asLong();

        LegacyResponse updated = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Two\",\"version\":1},\"message\":\"second\"}");

        assertThat(updated.body().get("version").asInt()).isEqualTo(2);
        assertThat(updated.body().get("id").asLong()).as("the id is stable").isEqualTo(id);
        assertThat(updated.body().get("slug").asText()).isEqualTo("two");
        assertThat(stored("abc").annotation("grafana.app/message")).hasValue("second");
        assertThat(stored("abc").annotation("grafana.app/createdBy")).hasValue("user:admin");
    }

    @Test
    void aStaleVersionIsExactlyGrafanasVersionMismatch() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}");
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Two\",\"version\":1}}");

        LegacyResponse stale = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Stale\",\"version\":1}}");

        assertThat(stale.status()).isEqualTo(412);
        assertThat(new String(stale.bytes())).isEqualTo(
                "{\"message\":\"The dashboard has been changed by someone else\",\"status\":\"version-mismatch\"}");
        assertThat(DashboardViews.title(stored("abc"))).isEqualTo("Two");
    }

    @Test
    void overwriteWinsOverAStaleVersion() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}");
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Two\",\"version\":1}}");

        LegacyResponse forced = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Forced\",\"version\":0},\"overwrite\":true}");

        assertThat(forced.status()).isEqualTo(200);
        assertThat(forced.body().get("version").asInt()).isEqualTo(3);
        ResourceCall.Update update = (ResourceCall.Update) fixtures.api().calls().getLast();
        assertThat(new ResourceObject(update.object()).resourceVersion()).as("overwrite: unconditional").isEmpty();
    }

    @Test
    void aWriteBetweenTheReadAndTheUpdateIsAlsoVersionMismatch() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}");
        fixtures.api().interceptOnce(call -> call instanceof ResourceCall.Update u
                ? Optional.of(new ResourceOutcome.Failed(Status.conflict(u.kind(), "abc"))) : Optional.empty());

        LegacyResponse raced = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Two\",\"version\":1}}");

        assertThat(raced.status()).isEqualTo(412);
        assertThat(raced.body().get("status").asText()).isEqualTo("version-mismatch");
        ResourceCall.Update update = (ResourceCall.Update) fixtures.api().calls().getLast();
        assertThat(new ResourceObject(update.object()).resourceVersion()).as("the read version is the precondition").isNotEmpty();
    }

    // ---- save: ids -----------------------------------------------------------------------------------------

    @Test
    void aSaveByIdFindsTheDashboardByItsLegacyIdLabel() {
        long id = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}").body().get("id").asLong();

        LegacyResponse updated = save("{\"dashboard\":{\"id\":" + id + ",\"title\":\"By id\",\"version\":1}}");

        assertThat(updated.body().get("uid").asText()).isEqualTo("abc");
        assertThat(updated.body().get("version").asInt()).isEqualTo(2);
        assertThat(fixtures.api().calls()).anySatisfy(call -> assertThat(call).isInstanceOfSatisfying(ResourceCall.ListPage.class,
                list -> assertThat(list.labelSelector()).isEqualTo("grafana.app/deprecatedInternalID=" + id)));
    }

    @Test
    void anUnknownIdIsNotFoundAndAnIdWithAnotherDashboardsUidIsRefused() {
        long id = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"One\"}}").body().get("id").asLong();
        save("{\"dashboard\":{\"uid\":\"other\",\"title\":\"Other\"}}");

        LegacyResponse unknown = save("{\"dashboard\":{\"id\":999999,\"title\":\"x\"}}");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo(json("{\"message\":\"Dashboard not found\",\"status\":\"not-found\"}"));

        LegacyResponse clash = save("{\"dashboard\":{\"id\":" + id + ",\"uid\":\"other\",\"title\":\"x\",\"version\":1}}");
        assertThat(clash.status()).isEqualTo(400);
        assertThat(clash.body()).isEqualTo(json("{\"message\":\"A dashboard with the same uid already exists\"}"));
    }

    @Test
    void aDashboardWithoutALegacyIdGetsOneAtItsFirstLegacySave() {
        fixtures.api().put(DashboardTranslator.KIND, (ObjectNode) json("""
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard","metadata":{"name":"kubectl","namespace":"default"},
                 "spec":{"title":"From kubectl"},"status":{}}"""));
        assertThat(get("kubectl").body().get("dashboard").get("id").asLong()).as("no id yet").isZero();

        LegacyResponse saved = save("{\"dashboard\":{\"uid\":\"kubectl\",\"title\":\"Saved\",\"version\":1}}");

        assertThat(saved.body().get("id").asLong()).isEqualTo(100_001);
        assertThat(get("kubectl").body().get("dashboard").get("id").asLong()).isEqualTo(100_001);
    }

    // ---- save: folders -------------------------------------------------------------------------------------

    @Test
    void theFolderIsFoundByUidOrIdAndKeptByAnUpdateThatNamesNone() {
        long folderId = fixtures.post("/api/folders", "{\"uid\":\"f1\",\"title\":\"F\"}").body().get("id").asLong();

        save("{\"dashboard\":{\"uid\":\"a\",\"title\":\"A\"},\"folderUid\":\"f1\"}");
        save("{\"dashboard\":{\"uid\":\"b\",\"title\":\"B\"},\"folderId\":" + folderId + "}");
        save("{\"dashboard\":{\"uid\":\"a\",\"title\":\"A2\",\"version\":1}}");
        save("{\"dashboard\":{\"uid\":\"b\",\"title\":\"B2\",\"version\":1},\"folderUid\":\"\"}");

        assertThat(stored("a").annotation("grafana.app/folder")).hasValue("f1");
        assertThat(stored("b").annotation("grafana.app/folder")).as("an explicit empty folderUid is the root").isEmpty();
    }

    @Test
    void aMissingFolderIsFolderNotFound() {
        for (String folder : List.of("\"folderUid\":\"nope\"", "\"folderId\":424242")) {
            LegacyResponse refused = save("{\"dashboard\":{\"title\":\"x\"}," + folder + "}");
            assertThat(refused.status()).isEqualTo(404);
            assertThat(refused.body()).isEqualTo(json("{\"message\":\"Folder not found\"}"));
        }
    }

    // ---- save: checks that need no lookup ----------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "empty title | {\"dashboard\":{\"title\":\"  \"}} | 400 | {\"message\":\"Dashboard title cannot be empty\",\"status\":\"empty-name\"}",
            "no title | {\"dashboard\":{\"panels\":[]}} | 400 | {\"message\":\"Dashboard title cannot be empty\",\"status\":\"empty-name\"}",
            "title not text | {\"dashboard\":{\"title\":42}} | 400 | {\"message\":\"Dashboard title cannot be empty\",\"status\":\"empty-name\"}",
            "illegal uid | {\"dashboard\":{\"title\":\"x\",\"uid\":\"a b\"}} | 400 | {\"message\":\"uid contains illegal characters\"}",
            "uid too long | {\"dashboard\":{\"title\":\"x\",\"uid\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}} | 400 | {\"message\":\"uid too long, max 40 characters\"}"})
    void refusalsThatNeedNoLookupAreAnsweredAtOnce(String what, String body, int status, String answer) {
        LegacyResponse refused = save(body);

        assertThat(refused.status()).isEqualTo(status);
        assertThat(refused.body()).isEqualTo(json(answer));
        assertThat(fixtures.api().calls()).isEmpty();
    }

    @Test
    void tooLongTitlesAndMessagesAreRefused() {
        assertThat(save("{\"dashboard\":{\"title\":\"" + "t".repeat(5001) + "\"}}").body())
                .isEqualTo(json("{\"message\":\"Dashboard title cannot be longer than 5000 characters\",\"status\":\"title-too-long\"}"));
        assertThat(save("{\"dashboard\":{\"title\":\"x\"},\"message\":\"" + "m".repeat(501) + "\"}").body())
                .isEqualTo(json("{\"message\":\"message too long, max 500 characters\"}"));
    }

    // ---- get -------------------------------------------------------------------------------------------------

    @Test
    void getAnswersTheModelAndGrafanasMetaInItsFieldOrder() {
        long folderId = fixtures.post("/api/folders", "{\"uid\":\"f1\",\"title\":\"My Folder\"}").body().get("id").asLong();
        long id = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Dash\",\"tags\":[\"t\"]},\"folderUid\":\"f1\"}").body().get("id").asLong();

        JsonNode body = Fixtures.wire(get("abc"));

        assertThat(keys(body)).containsExactly("dashboard", "meta");
        assertThat(body.get("dashboard")).isEqualTo(json("{\"id\":" + id + ",\"tags\":[\"t\"],\"title\":\"Dash\",\"uid\":\"abc\",\"version\":1}"));
        assertThat(keys(body.get("dashboard"))).containsExactly("id", "tags", "title", "uid", "version");
        JsonNode meta = body.get("meta");
        assertThat(keys(meta)).containsExactly("type", "canSave", "canEdit", "canAdmin", "canStar", "canDelete", "slug", "url",
                "expires", "created", "updated", "updatedBy", "createdBy", "version", "hasAcl", "isFolder", "folderId", "folderUid",
                "folderTitle", "folderUrl", "provisioned", "provisionedExternalId", "annotationsPermissions", "hasPublicDashboard",
                "publicDashboardAccessToken", "publicDashboardUid", "publicDashboardEnabled");
        assertThat(meta.get("url").asText()).isEqualTo("/d/abc/dash");
        assertThat(meta.get("created").asText()).isEqualTo("2024-05-06T07:08:09Z");
        assertThat(meta.get("createdBy").asText()).isEqualTo("admin");
        assertThat(meta.get("folderId").asLong()).isEqualTo(folderId);
        assertThat(meta.get("folderTitle").asText()).isEqualTo("My Folder");
        assertThat(meta.get("folderUrl").asText()).isEqualTo("/dashboards/f/f1/my-folder");
    }

    @Test
    void aModelSavedInAnyKeyOrderIsStoredAndShownInGrafanasOrder() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"T\",\"b\":{\"z\":[{\"y\":1,\"x\":2}],\"a\":2},\"a\":1}}");

        assertThat(stored("abc").spec().toString()).isEqualTo("{\"a\":1,\"b\":{\"a\":2,\"z\":[{\"x\":2,\"y\":1}]},\"title\":\"T\"}");
        assertThat(new String(get("abc").bytes())).startsWith("{\"dashboard\":{\"a\":1,\"b\":{\"a\":2,\"z\":[{\"x\":2,\"y\":1}]},\"id\":");
    }

    @Test
    void anObjectAnotherClientWroteInAnotherOrderIsShownInThatOrderBelowTheTopLevel() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"T\"}}");
        ObjectNode object = stored("abc").json();
        object.set("spec", json("{\"title\":\"T\",\"b\":{\"z\":1,\"a\":2}}"));
        fixtures.api().put(DashboardTranslator.KIND, object);

        // reads do not walk whole models: key order carries no meaning in JSON
        assertThat(new String(get("abc").bytes())).startsWith("{\"dashboard\":{\"b\":{\"z\":1,\"a\":2},\"id\":");
    }

    @Test
    void aDashboardAtTheRootOrWhoseFolderIsGoneShowsGeneral() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Dash\"}}");
        ObjectNode orphan = stored("abc").json();
        ((ObjectNode) orphan.with("metadata").with("annotations")).put("grafana.app/folder", "gone");
        fixtures.api().put(DashboardTranslator.KIND, orphan);

        JsonNode meta = get("abc").body().get("meta");

        assertThat(meta.get("folderTitle").asText()).isEqualTo("General");
        assertThat(meta.get("folderId").asLong()).isZero();
        assertThat(meta.get("folderUid").asText()).isEmpty();
        assertThat(meta.get("folderUrl").asText()).isEmpty();
    }

    @Test
    void theCallersRoleDecidesTheEditRights() {
        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Dash\"}}");
        JsonNode meta = fixtures.send("GET", "/api/dashboards/uid/abc", null, Fixtures.VIEWER).body().get("meta");
        assertThat(meta.get("canSave").asBoolean()).isFalse();
        assertThat(meta.get("canAdmin").asBoolean()).isFalse();
        assertThat(meta.get("canStar").asBoolean()).isTrue();
        assertThat(meta.path("annotationsPermissions").path("dashboard").path("canAdd").asBoolean()).isFalse();
    }

    @Test
    void aMissingDashboardIsNotFoundAndACorruptOneA500() {
        assertThat(get("nope").status()).isEqualTo(404);
        assertThat(get("nope").body()).isEqualTo(json("{\"message\":\"Dashboard not found\",\"status\":\"not-found\"}"));

        save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Dash\"}}");
        ObjectNode corrupt = stored("abc").json();
        corrupt.put("spec", "not an object");
        fixtures.api().put(DashboardTranslator.KIND, corrupt);
        LegacyResponse broken = get("abc");
        assertThat(broken.status()).isEqualTo(500);
        assertThat(broken.body()).isEqualTo(json("{\"message\":\"Dashboard data is missing or corrupt\",\"status\":\"not-found\"}"));
    }

    // ---- delete ----------------------------------------------------------------------------------------------

    @Test
    void deleteAnswersIdTitleAndMessageAndThenTheDashboardIsGone() {
        long id = save("{\"dashboard\":{\"uid\":\"abc\",\"title\":\"Doomed\"}}").body().get("id").asLong();

        LegacyResponse deleted = fixtures.send("DELETE", "/api/dashboards/uid/abc", null, Fixtures.ADMIN);

        assertThat(new String(deleted.bytes())).isEqualTo("{\"id\":" + id + ",\"message\":\"Dashboard Doomed deleted\",\"title\":\"Doomed\"}");
        assertThat(LegacyContract.unexplained("DELETE", "/api/dashboards/uid/abc", deleted)).isEmpty();
        assertThat(fixtures.send("DELETE", "/api/dashboards/uid/abc", null, Fixtures.ADMIN).status()).isEqualTo(404);
    }

    // ---- errors and rules ------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "404 | NotFound | 404 | {\"message\":\"Dashboard not found\",\"status\":\"not-found\"}",
            "409 | Conflict | 412 | {\"message\":\"The dashboard has been changed by someone else\",\"status\":\"version-mismatch\"}",
            "409 | AlreadyExists | 400 | {\"message\":\"A dashboard with the same uid already exists\"}",
            "422 | Invalid | 400 | {\"message\":\"m\"}",
            "400 | BadRequest | 400 | {\"message\":\"m\"}",
            "403 | Forbidden | 403 | {\"message\":\"m\"}",
            "401 | Unauthorized | 401 | {\"message\":\"Unauthorized\"}",
            "503 | ServiceUnavailable | 503 | {\"message\":\"m\"}",
            "500 | InternalError | 500 | {\"message\":\"Internal Server Error\"}"})
    void statusesBecomeGrafanasDashboardErrors(int code, String reason, int legacyCode, String legacyBody) {
        LegacyResponse error = fixtures.registry().all().get(0).legacyError(DashboardTranslator.GET, new Status(code, reason, "m", null));

        assertThat(error.status()).isEqualTo(legacyCode);
        assertThat(error.body()).isEqualTo(json(legacyBody));
    }

    @Test
    void aFailingStoreIsAnsweredInTheLegacyConvention() {
        fixtures.api().interceptOnce(call -> Optional.of(new ResourceOutcome.Failed(
                new Status(503, "ServiceUnavailable", "the server cannot reach its storage right now; try again later", null))));

        LegacyResponse answer = fixtures.get("/api/dashboards/uid/abc");

        // not a status Grafana documents for the route: the gateway's convention for an unavailable backend
        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.message()).contains("try again later");
    }

    @Test
    void comparisonRulesIgnoreVolatileAndOneSidedFieldsOfAGet() {
        DashboardTranslator translator = new DashboardTranslator(fixtures.settings());
        JsonNode legacy = json("{\"dashboard\":{\"id\":1,\"title\":\"t\",\"uid\":\"u\",\"version\":3},"
                + "\"meta\":{\"created\":\"a\",\"updated\":\"b\",\"version\":3,\"hasAcl\":true,\"folderId\":5,\"folderUid\":\"f\"}}");
        JsonNode unified = json("{\"dashboard\":{\"id\":100001,\"title\":\"t\",\"uid\":\"u\",\"version\":1},"
                + "\"meta\":{\"created\":\"c\",\"updated\":\"d\",\"version\":1,\"hasAcl\":false,\"folderId\":100002,\"folderUid\":\"f\"}}");

        var rules = translator.legacyRules(DashboardTranslator.GET);
        assertThat(rules.normalize(legacy)).isEqualTo(rules.normalize(unified));
        assertThat(rules.normalize(legacy)).isNotEqualTo(rules.normalize(json(unified.toString().replace("\"f\"", "\"g\""))));
    }
}
