package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Corpus;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.ScriptedLegacy;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Round trips of the real corpus (the 122 Grafana dashboards): for every dashboard, each way into
 * the Resource API (a legacy save, a legacy answer read in modes 0–2, a legacy row copied by the jobs) gives an object
 * that Grafana's dashboard.grafana.app v1beta1 snapshot accepts, and reading it back through the legacy API gives
 * exactly what a legacy client saw, in a body Grafana's legacy OpenAPI accepts.
 */
class CorpusRoundTripTest {
    private static final String FOLDER_UID = "corpus-folder";

    static List<String> files() {
        return Corpus.files();
    }

    @Test
    void theCorpusIsTheRealOne() {
        assertThat(files()).hasSize(122);
        assertThat(files()).contains("devenv__all-panels.json", "public-dashboards__default.json");
    }

    /** A legacy save, then a legacy read: the model comes back as Grafana stores it (sorted, with id, uid, version). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aSavedDashboardReadsBackAsSaved(String file) {
        Fixtures fixtures = new Fixtures();
        ObjectNode model = Corpus.model(file);
        // as Grafana's own import and the simulator's seeder do: a file's id names no dashboard of this deployment
        model.remove("id");
        ObjectNode command = Json.object();
        command.set("dashboard", model);

        LegacyResponse saved = fixtures.post("/api/dashboards/db", command.toString());
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        assertThat(LegacyContract.unexplained("POST", "/api/dashboards/db", saved)).isEmpty();
        String uid = saved.body().get("uid").asText();
        if (model.has("uid")) {
            assertThat(uid).isEqualTo(model.get("uid").asText());
        }

        ObjectNode object = fixtures.api().stored(DashboardTranslator.KIND, "default", uid).orElseThrow();
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object)).isEmpty();
        assertThat(object.get("spec").has("id") || object.get("spec").has("uid") || object.get("spec").has("version")).isFalse();

        LegacyResponse read = fixtures.get("/api/dashboards/uid/" + uid);
        assertThat(LegacyContract.unexplained("GET", "/api/dashboards/uid/" + uid, read)).isEmpty();
        ObjectNode expected = model.deepCopy();
        expected.put("id", saved.body().get("id").asLong());
        expected.put("uid", uid);
        expected.put("version", 1);
        expected.put("title", model.path("title").asText().strip());
        JsonNode dashboard = Fixtures.wire(read).get("dashboard");
        assertThat(dashboard).isEqualTo(Fixtures.wire(expected));
        assertThat(Json.bytes(read.body().get("dashboard"))).as("keys sorted at every level, as Grafana writes a model")
                .isEqualTo(Json.bytes(SortedKeys.sorted(read.body().get("dashboard"))));
        JsonNode meta = read.body().get("meta");
        assertThat(meta.get("slug").asText()).isEqualTo(saved.body().get("slug").asText()).isEqualTo(Names.slugify(model.path("title").asText()));
        assertThat(meta.get("version").asInt()).isEqualTo(1);
    }

    /**
     * Modes 0–2 then 3–5: the answer the legacy API gave becomes an object (as the Resource API over legacy serves it),
     * which the copy keeps as is; the legacy read of that object is the original answer, every field of it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aLegacyAnswerSurvivesTheTripThroughTheResourceApi(String file) {
        Fixtures fixtures = new Fixtures();
        boolean inFolder = file.hashCode() % 2 == 0;
        ObjectNode answer = legacyAnswer(file, inFolder);
        String uid = answer.get("dashboard").get("uid").asText();
        ScriptedLegacy legacy = new ScriptedLegacy().answer("GET", "/api/dashboards/uid/" + uid, 200, answer.toString());

        ResourceOutcome outcome = new DashboardTranslator(fixtures.settings())
                .resourcePlan(new ResourceCall.Get(DashboardTranslator.KIND, "default", uid)).run(legacy);

        ObjectNode object = ((ResourceOutcome.Found) outcome).object();
        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object)).isEmpty();
        fixtures.api().put(DashboardTranslator.KIND, object);
        fixtures.api().put(FolderTranslator.KIND, folder());
        LegacyResponse read = fixtures.get("/api/dashboards/uid/" + uid);
        // byte for byte the answer, whose shape the first test checks against Grafana's OpenAPI
        assertThat(new String(read.bytes(), StandardCharsets.UTF_8)).isEqualTo(answer.toString());
    }

    /** The copy job's way: a legacy row becomes the object, whose legacy read is what the legacy API answered. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aLegacyRowReadsBackAsTheLegacyApiAnswersIt(String file) {
        Fixtures fixtures = new Fixtures();
        ObjectNode answer = legacyAnswer(file, true);
        JsonNode model = answer.get("dashboard");
        DashboardRow row = new DashboardRow(model.get("id").asLong(), 1, model.get("uid").asText(), model.get("version").asInt(),
                model.toString().getBytes(StandardCharsets.UTF_8), Instant.parse("2022-11-30T10:00:00Z"),
                Instant.parse("2022-12-01T11:00:00Z"), 1, "admin", 2, "editor", FOLDER_UID, Optional.empty(), "", "", "seeded", Optional.empty());

        ObjectNode object = ((RowConverter.Converted) new DashboardTranslator(fixtures.settings()).toResource(row)).object();

        assertThat(ResourceContract.findings(DashboardTranslator.KIND, object)).isEmpty();
        assertThat(new ResourceObject(object).spec().has("id")).isFalse();
        fixtures.api().put(DashboardTranslator.KIND, object);
        fixtures.api().put(FolderTranslator.KIND, folder());
        LegacyResponse read = fixtures.get("/api/dashboards/uid/" + row.uid());
        assertThat(new String(read.bytes(), StandardCharsets.UTF_8)).isEqualTo(answer.toString());
    }

    /**
     * What the simulator (Grafana 9.3) answers for a corpus dashboard stored with id 7 and version 3, created by admin
     * and last saved by editor, at the root or in {@link #folder()}.
     */
    static ObjectNode legacyAnswer(String file, boolean inFolder) {
        ObjectNode model = Corpus.model(file);
        String uid = model.path("uid").isTextual() ? model.get("uid").asText() : "gen" + Integer.toHexString(file.hashCode());
        model.put("id", 7);
        model.put("uid", uid);
        model.put("version", 3);
        String slug = Names.slugify(model.path("title").asText());
        return (ObjectNode) Json.tree("""
                {"dashboard":%s,"meta":{"type":"db","canSave":true,"canEdit":true,"canAdmin":true,"canStar":true,"canDelete":true,
                 "slug":"%s","url":"/d/%s/%s","expires":"0001-01-01T00:00:00Z","created":"2022-11-30T10:00:00Z",
                 "updated":"2022-12-01T11:00:00Z","updatedBy":"editor","createdBy":"admin","version":3,"hasAcl":false,"isFolder":false,
                 "folderId":%d,"folderUid":"%s","folderTitle":"%s","folderUrl":"%s","provisioned":false,"provisionedExternalId":"",
                 "annotationsPermissions":{"dashboard":{"canAdd":true,"canEdit":true,"canDelete":true},
                   "organization":{"canAdd":true,"canEdit":true,"canDelete":true}},
                 "hasPublicDashboard":false,"publicDashboardAccessToken":"","publicDashboardUid":"","publicDashboardEnabled":false}}"""
                .formatted(new String(Json.bytes(SortedKeys.sorted(model)), StandardCharsets.UTF_8), slug, uid, slug,
                        inFolder ? 42 : 0, inFolder ? FOLDER_UID : "", inFolder ? "Data sources ✓" : "General",
                        inFolder ? "/dashboards/f/" + FOLDER_UID + "/data-sources" : ""));
    }

    /** The folder the dashboards are in: legacy id 42. */
    static ObjectNode folder() {
        return (ObjectNode) Json.tree("""
                {"apiVersion":"folder.grafana.app/v1beta1","kind":"Folder","metadata":{"name":"%s","namespace":"default",
                 "labels":{"grafana.app/deprecatedInternalID":"42"}},"spec":{"title":"Data sources ✓"},"status":{}}"""
                .formatted(FOLDER_UID));
    }
}
