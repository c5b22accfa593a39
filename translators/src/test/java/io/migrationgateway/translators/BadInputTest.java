package io.migrationgateway.translators;

import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed bodies, values of the wrong type, ids that do not parse. Each gives the
 * legacy client the answer Grafana 9.3 gives (Go's binding refuses a body it cannot decode with 400 "bad request
 * data"; values Grafana reads with simplejson's lenient getters are zero values), in a body its OpenAPI accepts, and
 * no translator bug is behind any of them.
 */
class BadInputTest {
    private final Fixtures fixtures = new Fixtures();
    private PlanGuardWatch guard;

    @BeforeEach
    void watchTheGuard() {
        guard = new PlanGuardWatch();
        fixtures.post("/api/folders", "{\"uid\":\"f1\",\"title\":\"F\"}");
        fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"uid\":\"d1\",\"title\":\"D\"}}");
    }

    @AfterEach
    void noTranslatorBugWasHit() {
        assertThat(guard.bugs()).isEmpty();
        guard.close();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "POST | /api/dashboards/db | {",
            "POST | /api/dashboards/db | ''",
            "POST | /api/dashboards/db | []",
            "POST | /api/dashboards/db | \"dashboard\"",
            "POST | /api/dashboards/db | {\"dashboard\":\"not an object\"}",
            "POST | /api/dashboards/db | {\"dashboard\":[]}",
            "POST | /api/dashboards/db | {\"dashboard\":{\"title\":\"x\"},\"folderUid\":5}",
            "POST | /api/dashboards/db | {\"dashboard\":{\"title\":\"x\"},\"folderId\":\"1\"}",
            "POST | /api/dashboards/db | {\"dashboard\":{\"title\":\"x\"},\"folderId\":1.5}",
            "POST | /api/dashboards/db | {\"dashboard\":{\"title\":\"x\"},\"overwrite\":\"true\"}",
            "POST | /api/dashboards/db | {\"dashboard\":{\"title\":\"x\"},\"message\":{}}",
            "POST | /api/folders | {\"title\":",
            "POST | /api/folders | {\"title\":[\"x\"]}",
            "POST | /api/folders | {\"title\":\"x\",\"parentUid\":false}",
            "PUT | /api/folders/f1 | {\"title\":\"x\",\"version\":\"1\"}",
            "PUT | /api/folders/f1 | {\"title\":\"x\",\"version\":1.0}",
            "PUT | /api/folders/f1 | {\"title\":\"x\",\"overwrite\":1}",
            "POST | /api/playlists | {\"name\":",
            "POST | /api/playlists | {\"name\":\"p\",\"interval\":5}",
            "POST | /api/playlists | {\"name\":\"p\",\"items\":\"all\"}",
            "POST | /api/playlists | {\"name\":\"p\",\"items\":[{\"type\":\"dashboard_by_uid\",\"value\":1}]}",
            "POST | /api/playlists | {\"name\":\"p\",\"items\":[{\"type\":\"dashboard_by_uid\",\"value\":\"x\",\"order\":\"1\"}]}"})
    void bodiesGrafanaCannotBindAreBadRequestData(String method, String path, String body) {
        LegacyResponse answer = fixtures.send(method, path, body, Fixtures.ADMIN);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(new String(answer.bytes())).isEqualTo("{\"message\":\"bad request data\"}");
    }

    @Test
    void aBodyNestedDeeperThanTheParserAllowsIsBadRequestData() {
        String deep = "{\"dashboard\":{\"title\":\"x\",\"deep\":" + "[".repeat(1500) + "]".repeat(1500) + "}}";

        assertThat(fixtures.send("POST", "/api/dashboards/db", deep, Fixtures.ADMIN).status()).isEqualTo(400);
    }

    @Test
    void idsThatDoNotParseAreRefusedOrSkippedAsGrafanaDoes() {
        for (String id : new String[] {"abc", "1.5", "99999999999999999999", "%20"}) {
            LegacyResponse answer = fixtures.get("/api/folders/id/" + id);
            assertThat(answer.status()).as(id).isEqualTo(400);
            assertThat(answer.body()).isEqualTo(json("{\"message\":\"id is invalid\"}"));
        }
        LegacyResponse search = fixtures.get("/api/search?dashboardIds=abc&folderIds=x,y&limit=many&page=-3");
        assertThat(search.status()).isEqualTo(200);
        assertThat(search.body()).hasSize(2);
    }

    @Test
    void dashboardFieldsOfTheWrongTypeAreZeroValuesAsSimplejsonReadsThem() {
        // Grafana reads the model with simplejson's Must* getters: an id that is text is 0 (a create), a uid that is a
        // number is "" (a generated one), a version that is text is 0
        LegacyResponse created = fixtures.post("/api/dashboards/db", "{\"dashboard\":{\"id\":\"12\",\"uid\":7,\"version\":\"3\",\"title\":\"x\"}}");

        assertThat(created.status()).isEqualTo(200);
        assertThat(created.body().get("uid").asText()).matches("[a-z][a-z0-9]{13}");
        assertThat(created.body().get("version").asInt()).isEqualTo(1);
    }

    @Test
    void unknownFieldsAndPanelTypesAreKeptAsTheyAre() {
        String model = "{\"title\":\"x\",\"uid\":\"odd\",\"panels\":[{\"type\":\"plugin-nobody-knows\",\"options\":{\"x\":[1,{\"y\":null}]}}],"
                + "\"someFutureField\":{\"a\":1}}";
        fixtures.post("/api/dashboards/db", "{\"dashboard\":" + model + ",\"someFutureCommandField\":true}");

        ObjectNode read = (ObjectNode) fixtures.get("/api/dashboards/uid/odd").body().get("dashboard");
        read.remove("id");
        read.remove("version");
        assertThat(Fixtures.wire(read)).isEqualTo(json(model));
    }

    @Test
    void oddPathVariablesAreJustNamesThatDoNotExist() {
        for (String uid : new String[] {"%F0%9F%98%80", "a%2Fb", "..", "x%00y", "%20"}) {
            LegacyResponse answer = fixtures.get("/api/dashboards/uid/" + uid);
            assertThat(answer.status()).as(uid).isEqualTo(404);
            assertThat(answer.body()).isEqualTo(json("{\"message\":\"Dashboard not found\",\"status\":\"not-found\"}"));
        }
    }

    @Test
    void objectsOfAnyShapeFromTheStoreGiveAnAnswer() {
        fixtures.api().put(DashboardTranslator.KIND, (ObjectNode) json("{\"metadata\":{\"name\":\"bare\",\"namespace\":\"default\"}}"));
        fixtures.api().put(FolderTranslator.KIND, (ObjectNode) json("{\"metadata\":{\"name\":\"bare\",\"namespace\":\"default\","
                + "\"labels\":{\"grafana.app/deprecatedInternalID\":\"not a number\"}},\"spec\":{\"title\":5}}"));

        assertThat(fixtures.get("/api/dashboards/uid/bare").body())
                .isEqualTo(json("{\"message\":\"Dashboard data is missing or corrupt\",\"status\":\"not-found\"}"));
        LegacyResponse folder = fixtures.get("/api/folders/bare");
        assertThat(folder.status()).isEqualTo(200);
        assertThat(folder.body().get("id").asLong()).isZero();
        assertThat(fixtures.get("/api/search").status()).isEqualTo(200);
        assertThat(fixtures.get("/api/folders").status()).isEqualTo(200);
        assertThat(Json.bytes(fixtures.get("/api/search").body())).isNotEmpty();
    }
}
