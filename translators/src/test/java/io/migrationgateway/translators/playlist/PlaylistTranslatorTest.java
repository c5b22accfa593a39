package io.migrationgateway.translators.playlist;

import io.migrationgateway.translators.dashboard.DashboardTranslator;
import static io.migrationgateway.translators.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.translators.ScriptedLegacy;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlaylistTranslatorTest {
    private static final String OPS = """
            {"name":"Ops","interval":"5m","items":[{"type":"dashboard_by_uid","value":"abc","title":"ignored"},
             {"type":"dashboard_by_tag","value":"prod"}]}""";

    private final Fixtures fixtures = new Fixtures();

    private LegacyResponse send(String method, String path, String body) {
        LegacyResponse response = fixtures.send(method, path, body, Fixtures.ADMIN);
        assertThat(LegacyContract.unexplained(method, path, response)).as(response.toString()).isEmpty();
        return response;
    }

    private String create(String body) {
        return send("POST", "/api/playlists", body).body().get("uid").asText();
    }

    @Test
    void aCreateAnswersTheEntryAndKeepsTypeAndValueOfEachItemInOrder() {
        LegacyResponse created = send("POST", "/api/playlists", OPS);

        String uid = created.body().get("uid").asText();
        assertThat(Fixtures.wire(created)).isEqualTo(json("{\"id\":100001,\"uid\":\"" + uid + "\",\"name\":\"Ops\",\"interval\":\"5m\"}"));
        ObjectNode object = fixtures.api().stored(PlaylistTranslator.KIND, "default", uid).orElseThrow();
        assertThat(object.get("spec")).isEqualTo(json("""
                {"title":"Ops","interval":"5m","items":[{"type":"dashboard_by_uid","value":"abc"},{"type":"dashboard_by_tag","value":"prod"}]}"""));
        assertThat(ResourceContract.findings(PlaylistTranslator.KIND, object)).isEmpty();
    }

    @Test
    void getAnswersGrafana93sDtoAndItemsTheItems() {
        String uid = create(OPS);

        assertThat(new String(send("GET", "/api/playlists/" + uid, null).bytes())).isEqualTo("{\"interval\":\"5m\",\"items\":["
                + "{\"type\":\"dashboard_by_uid\",\"value\":\"abc\"},{\"type\":\"dashboard_by_tag\",\"value\":\"prod\"}],\"name\":\"Ops\","
                + "\"uid\":\"" + uid + "\"}");
        assertThat(send("GET", "/api/playlists/" + uid + "/items", null).body()).hasSize(2);
        LegacyResponse missing = send("GET", "/api/playlists/nope", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo(json("{\"message\":\"Playlist not found\"}"));
    }

    @Test
    void aListFiltersByNameOldestFirstUpToTheLimit() {
        create("{\"name\":\"Ops night\",\"interval\":\"1m\",\"items\":[]}");
        create("{\"name\":\"Dev\",\"interval\":\"1m\",\"items\":[]}");
        create("{\"name\":\"Ops day\",\"interval\":\"1m\"}");

        assertThat(send("GET", "/api/playlists?query=Ops", null).body()).extracting(e -> e.get("name").asText())
                .containsExactly("Ops night", "Ops day");
        assertThat(send("GET", "/api/playlists?limit=1", null).body()).extracting(e -> e.get("name").asText()).containsExactly("Ops night");
    }

    @Test
    void anUpdateReplacesNameIntervalAndItemsWhateverHappenedBetween() {
        String uid = create(OPS);

        LegacyResponse updated = send("PUT", "/api/playlists/" + uid, "{\"name\":\"Ops 2\",\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"x\"}]}");

        assertThat(updated.body()).isEqualTo(json("{\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"x\"}],"
                + "\"name\":\"Ops 2\",\"uid\":\"" + uid + "\"}"));
        ResourceCall.Update update = (ResourceCall.Update) fixtures.api().calls().getLast();
        assertThat(new ResourceObject(update.object()).resourceVersion()).as("9.3 has no version: last write wins").isEmpty();
        assertThat(new ResourceObject(update.object()).legacyId()).isEqualTo(100_001);
    }

    @Test
    void aDeleteAnswersAnEmptyBody() {
        String uid = create(OPS);

        LegacyResponse deleted = send("DELETE", "/api/playlists/" + uid, null);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.bytes()).isEmpty();
        assertThat(send("DELETE", "/api/playlists/" + uid, null).status()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"interval\":\"1m\"}", "{\"name\":\"\"}", "{\"name\":7}", "{\"name\":\"x\",\"items\":{}}",
            "{\"name\":\"x\",\"items\":[1]}", "{\"name\":\"x\",\"items\":[{\"type\":1}]}", "[]", "nonsense"})
    void bodiesGrafanasBindingRefusesAreBadRequestData(String body) {
        LegacyResponse refused = send("POST", "/api/playlists", body);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("{\"message\":\"bad request data\"}"));
    }

    @Test
    void anUnknownItemTypeIsKeptAsGrafana93KeepsItAndAResourceApiRefusalIsA400WithItsMessage() {
        String body = "{\"name\":\"x\",\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_color\",\"value\":\"red\"}]}";
        assertThat(send("POST", "/api/playlists", body).status()).isEqualTo(200);

        fixtures.api().interceptOnce(call -> call instanceof ResourceCall.Create c ? Optional.of(new ResourceOutcome.Failed(
                Status.of(422, "Invalid", "Playlist.playlist.grafana.app \"p\" is invalid: spec.items[0].type: Unsupported value",
                        c.kind(), "p"))) : Optional.empty());
        LegacyResponse refused = fixtures.post("/api/playlists", body);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.message()).contains("spec.items[0].type");
        assertThat(LegacyContract.unexplained("POST", "/api/playlists", refused)).isEmpty();
    }

    // ---- over legacy -----------------------------------------------------------------------------------------

    private static final String DTO = "{\"interval\":\"5m\",\"items\":[{\"type\":\"dashboard_by_uid\",\"value\":\"abc\"}],\"name\":\"Ops\",\"uid\":\"p1\"}";

    private ScriptedLegacy legacy() {
        return new ScriptedLegacy().answer("GET", "/api/playlists/p1", 200, DTO)
                .answer("GET", "/api/playlists?limit=5000&query=Ops", 200, "[{\"id\":3,\"uid\":\"p1\",\"name\":\"Ops\",\"interval\":\"5m\"}]")
                .answer("GET", "/api/playlists?limit=5000", 200, "[{\"id\":3,\"uid\":\"p1\",\"name\":\"Ops\",\"interval\":\"5m\"},"
                        + "{\"id\":4,\"uid\":\"p2\",\"name\":\"Gone\",\"interval\":\"5m\"}]");
    }

    @Test
    void aLegacyPlaylistBecomesAnObjectWithItsIdAndAContentVersion() {
        PlaylistTranslator translator = new PlaylistTranslator(fixtures.settings(), DashboardTranslator.KIND);

        ObjectNode object = ((ResourceOutcome.Found) translator.resourcePlan(new ResourceCall.Get(PlaylistTranslator.KIND, "default", "p1"))
                .run(legacy())).object();

        ResourceObject playlist = new ResourceObject(object);
        assertThat(playlist.legacyId()).isEqualTo(3);
        assertThat(playlist.resourceVersion()).isEqualTo(PlaylistsOverLegacy.contentVersion(json(DTO))).matches("[0-9]+");
        assertThat(playlist.spec()).isEqualTo(json("{\"title\":\"Ops\",\"interval\":\"5m\",\"items\":[{\"type\":\"dashboard_by_uid\",\"value\":\"abc\"}]}"));
        assertThat(ResourceContract.findings(PlaylistTranslator.KIND, object)).isEmpty();
        assertThat(PlaylistsOverLegacy.contentVersion(json(DTO.replace("5m", "1m")))).isNotEqualTo(playlist.resourceVersion());
    }

    @Test
    void writesOverLegacyCannotChooseANameAndKeepTheirPreconditions() {
        PlaylistTranslator translator = new PlaylistTranslator(fixtures.settings(), DashboardTranslator.KIND);
        ScriptedLegacy legacy = legacy();
        ObjectNode object = ((ResourceOutcome.Found) translator.resourcePlan(new ResourceCall.Get(PlaylistTranslator.KIND, "default", "p1"))
                .run(legacy)).object();

        ResourceOutcome named = translator.resourcePlan(new ResourceCall.Create(PlaylistTranslator.KIND, "default", object)).run(legacy);
        assertThat(((ResourceOutcome.Failed) named).status().code()).isEqualTo(422);

        ((ObjectNode) object.get("metadata")).put("resourceVersion", "1");
        assertThat(translator.resourcePlan(new ResourceCall.Update(PlaylistTranslator.KIND, "default", object)).run(legacy))
                .isEqualTo(new ResourceOutcome.Failed(Status.conflict(PlaylistTranslator.KIND, "p1")));

        ResourceOutcome listed = translator.resourcePlan(new ResourceCall.ListPage(PlaylistTranslator.KIND, "default",
                "grafana.app/deprecatedInternalID=3", 100, "")).run(legacy);
        assertThat(((ResourceOutcome.Listed) listed).items()).extracting(o -> new ResourceObject(o).legacyId()).containsExactly(3L);
    }

    // ---- rows ------------------------------------------------------------------------------------------------

    @Test
    void aPlaylistRowBecomesAnObjectAsGrafanasMigratorWritesIt() {
        PlaylistTranslator translator = new PlaylistTranslator(fixtures.settings(), DashboardTranslator.KIND);
        PlaylistRow row = new PlaylistRow(3, 1, "p1", "Ops", "5m", 1_700_000_000_000L, 1_700_000_000_000L,
                List.of(new PlaylistRow.Item("dashboard_by_uid", "abc"), new PlaylistRow.Item("dashboard_by_id", "12")));

        ObjectNode object = ((RowConverter.Converted) translator.toResource(row)).object();

        assertThat(Fixtures.wire(object)).isEqualTo(json("""
                {"apiVersion":"playlist.grafana.app/v0alpha1","kind":"Playlist",
                 "metadata":{"name":"p1","namespace":"default","resourceVersion":"1700000000000","creationTimestamp":"2023-11-14T22:13:20Z",
                   "labels":{"grafana.app/deprecatedInternalID":"3"}},
                 "spec":{"title":"Ops","interval":"5m","items":[{"type":"dashboard_by_uid","value":"abc"},{"type":"dashboard_by_id","value":"12"}]}}"""));
        assertThat(ResourceContract.findings(PlaylistTranslator.KIND, object)).isEmpty();
        PlaylistRow updated = new PlaylistRow(3, 1, "p1", "Ops", "5m", 1_700_000_000_000L, 1_700_000_060_000L, List.of());
        assertThat(new ResourceObject(((RowConverter.Converted) translator.toResource(updated)).object())
                .annotation("grafana.app/updatedTimestamp")).hasValue("2023-11-14T22:14:20Z");
    }
}
