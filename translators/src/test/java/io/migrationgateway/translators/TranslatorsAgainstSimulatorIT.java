package io.migrationgateway.translators;

import io.migrationgateway.model.Status;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The translators against the real legacy simulator (Grafana 9.3's legacy API seeded with the 122 corpus dashboards,
 * a folder tree, playlists and service accounts): the Resource API read from legacy (modes 0–2) and copied as is gives objects that
 * answer every legacy read exactly as the legacy API does (modes 3–5), and a legacy write sequence answered from the
 * Resource API matches the legacy API's answers up to the comparison rules.
 */
class TranslatorsAgainstSimulatorIT {
    private static Simulator simulator;
    private static Fixtures fixtures;

    @BeforeAll
    static void copyEverythingThroughTheResourceApiOverLegacy() {
        simulator = Simulator.start();
        fixtures = new Fixtures();
        for (Translator translator : fixtures.registry().all()) {
            ResourceOutcome outcome = translator.resourcePlan(new ResourceCall.ListPage(translator.kind(), "default", "", 5000, "")).run(simulator);
            assertThat(outcome).as(translator.kind().plural()).isInstanceOf(ResourceOutcome.Listed.class);
            for (ObjectNode object : ((ResourceOutcome.Listed) outcome).items()) {
                assertThat(ResourceContract.findings(translator.kind(), object)).as(new ResourceObject(object).name()).isEmpty();
                fixtures.api().put(translator.kind(), object);
            }
        }
    }

    @AfterAll
    static void stop() {
        simulator.close();
    }

    /** The legacy answer of {@code path} from the simulator and from the translators over the copied objects. */
    private static void sameAnswer(String path) {
        LegacyResponse legacy = simulator.send("GET", path, null);
        LegacyResponse translated = fixtures.get(path);
        assertThat(translated.status()).as(path).isEqualTo(legacy.status());
        String expected = new String(legacy.bytes(), StandardCharsets.UTF_8);
        String actual = new String(translated.bytes(), StandardCharsets.UTF_8);
        assertThat(actual).as("%s differs first at %s", path, firstDifference(expected, actual)).isEqualTo(expected);
    }

    /** Where two texts part, with a little context, for a readable failure. */
    private static String firstDifference(String expected, String actual) {
        int i = 0;
        while (i < Math.min(expected.length(), actual.length()) && expected.charAt(i) == actual.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 80);
        return "char " + i + ": legacy ..." + expected.substring(from, Math.min(expected.length(), i + 80)) + "... translated ..."
                + actual.substring(from, Math.min(actual.length(), i + 80)) + "...";
    }

    @Test
    void everyDashboardReadsExactlyAsTheLegacyApiAnswersIt() {
        List<String> uids = uids(simulator.send("GET", "/api/search?type=dash-db&limit=5000", null).body());
        assertThat(uids).hasSizeGreaterThanOrEqualTo(122);
        uids.forEach(uid -> sameAnswer("/api/dashboards/uid/" + uid));
    }

    @Test
    void searchFoldersAndPlaylistsReadExactlyAsTheLegacyApiAnswersThem() {
        sameAnswer("/api/search");
        sameAnswer("/api/search?query=graph&type=dash-db&sort=alpha-desc&limit=7&page=2");
        sameAnswer("/api/search?tag=gdev&folderUIDs=ds-loki");
        sameAnswer("/api/folders");
        sameAnswer("/api/folders?parentUid=data-sources&limit=3&page=2");
        for (String uid : uids(simulator.send("GET", "/api/search?type=dash-folder&limit=5000", null).body())) {
            sameAnswer("/api/folders/" + uid);
        }
        long lokiId = simulator.send("GET", "/api/folders/ds-loki", null).body().get("id").asLong();
        sameAnswer("/api/folders/id/" + lokiId);
        sameAnswer("/api/playlists");
        for (String uid : uids(simulator.send("GET", "/api/playlists", null).body())) {
            sameAnswer("/api/playlists/" + uid);
            sameAnswer("/api/playlists/" + uid + "/items");
        }
    }

    @Test
    void everySearchShapeReadsExactlyAsTheLegacyApiAnswersIt() {
        long lokiId = simulator.send("GET", "/api/folders/ds-loki", null).body().get("id").asLong();
        List<String> dashboards = uids(simulator.send("GET", "/api/search?type=dash-db&limit=5", null).body());
        List.of("?query=PANEL", "?query=a_e", "?query=%25", "?query=no%20such%20title", "?tag=gdev&tag=panel-tests",
                "?tag=gdev&tag=nothing-has-this", "?type=dash-folder", "?type=dash-db&limit=5000", "?folderIds=0",
                "?folderIds=" + lokiId + ",0&type=dash-db", "?folderIds=" + lokiId, "?folderIds=999999", "?folderIds=x,0",
                "?folderUIDs=general", "?folderUIDs=ds-loki,general&type=dash-db", "?folderUIDs=ds-loki&folderIds=0",
                "?dashboardIds=1,2,3,x&dashboardIds=4", "?dashboardUIDs=" + String.join(",", dashboards),
                "?dashboardUID=" + dashboards.getFirst(), "?starred=true", "?sort=alpha-desc&limit=10&page=3",
                "?limit=20&page=3", "?limit=20&page=1000", "?limit=5000&page=2", "?limit=5001", "?limit=0&page=0",
                "?query=graph&tag=gdev&folderUIDs=ds-loki&sort=alpha-desc&type=dash-db")
                .forEach(query -> sameAnswer("/api/search" + query));
        List.of("?query=a", "?query=A", "?query=%25&limit=1", "?limit=1").forEach(query -> sameAnswer("/api/playlists" + query));
        sameAnswer("/api/folders?parentUid=no-such-folder");
    }

    @Test
    void aLegacyWriteSequenceIsAnsweredAlikeUpToTheComparisonRules() {
        // in org 2, so that the exact comparisons of org 1 above see neither side's writes
        String[][] steps = {
                {"POST", "/api/folders", "{\"uid\":\"shadow-f\",\"title\":\"Shadow folder\"}"},
                {"POST", "/api/folders", "{\"uid\":\"shadow-f\",\"title\":\"Again\"}"},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"shadow-1\",\"title\":\"Shadow ✓\",\"panels\":[]},\"folderUid\":\"shadow-f\"}"},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"shadow-1\",\"title\":\"Shadow 2\",\"version\":1},\"message\":\"m\"}"},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"shadow-1\",\"title\":\"Stale\",\"version\":1}}"},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"shadow-1\",\"title\":\"Forced\"},\"overwrite\":true}"},
                {"GET", "/api/dashboards/uid/shadow-1", null},
                {"GET", "/api/search?query=forced", null},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"title\":\"x\"},\"folderUid\":\"no-such-folder\"}"},
                {"DELETE", "/api/dashboards/uid/shadow-1", null},
                {"DELETE", "/api/dashboards/uid/shadow-1", null},
                {"PUT", "/api/folders/shadow-f", "{\"title\":\"Renamed\",\"version\":1}"},
                {"PUT", "/api/folders/shadow-f", "{\"title\":\"Stale\",\"version\":1}"},
                {"GET", "/api/folders/shadow-f", null},
                {"POST", "/api/dashboards/db", "{\"dashboard\":{\"uid\":\"shadow-2\",\"title\":\"Inside\"},\"folderUid\":\"shadow-f\"}"},
                {"DELETE", "/api/folders/shadow-f", null},
                {"GET", "/api/dashboards/uid/shadow-2", null},
                {"POST", "/api/playlists", "{\"name\":\"Shadow\",\"interval\":\"1m\",\"items\":[{\"type\":\"dashboard_by_tag\",\"value\":\"gdev\"}]}"},
                {"POST", "/api/playlists", "{\"interval\":\"1m\"}"}};
        List<String> differences = new ArrayList<>();
        for (String[] step : steps) {
            LegacyResponse legacy = simulator.apply(new LegacyCall(step[0], step[1],
                    step[2] == null ? MissingNode.getInstance() : Json.tree(step[2]), 2));
            LegacyResponse translated = fixtures.send(step[0], step[1], step[2], Fixtures.ADMIN, 2);
            difference(step[0], step[1], step[1], legacy, translated, ComparisonRules.none()).ifPresent(differences::add);
        }
        assertThat(differences).isEmpty();
    }

    /** How the two answers of one request differ beyond its route's comparison rules and {@code more}, if they do. */
    private static Optional<String> difference(String method, String legacyPath, String translatedPath, LegacyResponse legacy,
                                               LegacyResponse translated, ComparisonRules more) {
        RouteMatch match = fixtures.registry().match(method, translatedPath).orElseThrow();
        ComparisonRules rules = match.translator().legacyRules(match.route()).with(more);
        JsonNode expected = legacy.body().isMissingNode() ? legacy.body() : rules.normalize(legacy.body());
        JsonNode actual = translated.body().isMissingNode() ? translated.body() : rules.normalize(translated.body());
        if (legacy.status() != translated.status() || !expected.equals(actual)) {
            return Optional.of(method + " " + legacyPath + ": legacy " + legacy.status() + " " + expected
                    + " / translated " + translated.status() + " " + actual);
        }
        return Optional.empty();
    }

    @Test
    void serviceAccountsReadAsTheLegacyApiAnswersThemUpToTheComparisonRules() {
        JsonNode accounts = simulator.send("GET", "/api/serviceaccounts/search", null).body().path("serviceAccounts");
        assertThat(accounts.size()).as("seeded accounts of org 1").isGreaterThanOrEqualTo(3);
        List<String> paths = new ArrayList<>(List.of("/api/serviceaccounts/search", "/api/serviceaccounts/search?query=BACK",
                "/api/serviceaccounts/search?perpage=1&page=2", "/api/serviceaccounts/search?disabled=true",
                "/api/serviceaccounts/search?expiredTokens=true", "/api/serviceaccounts/999999", "/api/serviceaccounts/x"));
        accounts.forEach(account -> {
            paths.add("/api/serviceaccounts/" + account.path("id").asLong());
            paths.add("/api/serviceaccounts/" + account.path("id").asLong() + "/tokens");
        });
        List<String> differences = new ArrayList<>();
        for (String path : paths) {
            difference("GET", path, path, simulator.send("GET", path, null), fixtures.get(path), ComparisonRules.none())
                    .ifPresent(differences::add);
        }
        assertThat(differences).isEmpty();
    }

    /** What the two sides of the write sequence answer differently by design: the ids each gave, the times of their clocks. */
    private static final ComparisonRules EACH_SIDES_OWN = ComparisonRules.of(
            List.of("$.createdAt", "$.serviceaccount.createdAt", "$[*].created"), List.of("$.id", "$.serviceaccount.id"));

    @Test
    void aServiceAccountWriteSequenceIsAnsweredAlikeUpToTheComparisonRules() {
        // in org 2, each side's account and token addressed by the id that side gave them
        String[][] steps = {
                {"POST", "/api/serviceaccounts", "{\"name\":\"Shadow bot\",\"role\":\"Editor\"}"},
                {"POST", "/api/serviceaccounts", "{\"name\":\"shadow bot\"}"},
                {"POST", "/api/serviceaccounts", "{\"name\":\"x\",\"role\":\"admin\"}"},
                {"GET", "/api/serviceaccounts/search?query=shadow", null},
                {"GET", "/api/serviceaccounts/{id}", null},
                {"PATCH", "/api/serviceaccounts/{id}", "{\"name\":\"Shadow bot 2\",\"role\":\"Viewer\"}"},
                {"POST", "/api/serviceaccounts/{id}/tokens", "{\"name\":\"shadow-token\"}"},
                {"POST", "/api/serviceaccounts/{id}/tokens", "{\"name\":\"shadow-token\"}"},
                {"GET", "/api/serviceaccounts/{id}/tokens", null},
                {"DELETE", "/api/serviceaccounts/{id}/tokens/{tokenId}", null},
                {"GET", "/api/serviceaccounts/{id}/tokens", null},
                {"DELETE", "/api/serviceaccounts/{id}", null},
                {"GET", "/api/serviceaccounts/{id}", null}};
        Map<String, String> legacyIds = new HashMap<>();
        Map<String, String> translatedIds = new HashMap<>();
        List<String> differences = new ArrayList<>();
        for (String[] step : steps) {
            String legacyPath = withIds(step[1], legacyIds);
            String translatedPath = withIds(step[1], translatedIds);
            LegacyResponse legacy = simulator.apply(new LegacyCall(step[0], legacyPath,
                    step[2] == null ? MissingNode.getInstance() : Json.tree(step[2]), 2));
            LegacyResponse translated = fixtures.send(step[0], translatedPath, step[2], Fixtures.ADMIN, 2);
            difference(step[0], step[1], translatedPath, legacy, translated, EACH_SIDES_OWN).ifPresent(differences::add);
            if (step[0].equals("POST") && legacy.status() / 100 == 2 && translated.status() / 100 == 2) {
                String key = step[1].endsWith("/tokens") ? "{tokenId}" : "{id}";
                legacyIds.putIfAbsent(key, legacy.body().path("id").asText());
                translatedIds.putIfAbsent(key, translated.body().path("id").asText());
            }
        }
        assertThat(differences).isEmpty();
        assertThat(legacyIds).containsOnlyKeys("{id}", "{tokenId}");
    }

    private static String withIds(String path, Map<String, String> ids) {
        String filled = path;
        for (Map.Entry<String, String> id : ids.entrySet()) {
            filled = filled.replace(id.getKey(), id.getValue());
        }
        return filled;
    }

    @Test
    void resourceWritesOverLegacyReachTheLegacyApi() {
        Translator dashboards = fixtures.registry().all().get(0);
        Translator folders = fixtures.registry().all().get(1);
        Translator playlists = fixtures.registry().all().get(2);
        ObjectNode folder = (ObjectNode) Json.tree("{\"metadata\":{\"name\":\"apis-folder\"},\"spec\":{\"title\":\"From /apis\",\"description\":\"d\"}}");
        ResourceOutcome folderCreated = folders.resourcePlan(new ResourceCall.Create(FolderTranslator.KIND, "org-2", folder)).run(simulator);
        assertThat(new ResourceObject(((ResourceOutcome.Found) folderCreated).object()).specText("description")).hasValue("d");
        ObjectNode object = (ObjectNode) Json.tree("""
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard","metadata":{"name":"from-apis",
                 "annotations":{"grafana.app/folder":"apis-folder","grafana.app/message":"created with kubectl"}},
                 "spec":{"title":"From the Resource API","panels":[]}}""");

        ResourceOutcome created = dashboards.resourcePlan(new ResourceCall.Create(DashboardTranslator.KIND, "org-2", object)).run(simulator);
        ObjectNode stored = ((ResourceOutcome.Found) created).object();
        assertThat(new ResourceObject(stored).resourceVersion()).isEqualTo("1");
        JsonNode legacy = simulator.apply(LegacyCall.get("/api/dashboards/uid/from-apis", 2)).body();
        assertThat(legacy.path("meta").path("folderUid").asText()).isEqualTo("apis-folder");
        assertThat(legacy.path("dashboard").path("title").asText()).isEqualTo("From the Resource API");

        ((ObjectNode) stored.get("spec")).put("title", "Changed");
        ResourceOutcome updated = dashboards.resourcePlan(new ResourceCall.Update(DashboardTranslator.KIND, "org-2", stored)).run(simulator);
        assertThat(new ResourceObject(((ResourceOutcome.Found) updated).object()).generation()).isEqualTo(2);
        ResourceOutcome stale = dashboards.resourcePlan(new ResourceCall.Update(DashboardTranslator.KIND, "org-2", stored)).run(simulator);
        assertThat(((ResourceOutcome.Failed) stale).status().reason()).isEqualTo("Conflict");
        assertThat(dashboards.resourcePlan(new ResourceCall.Create(DashboardTranslator.KIND, "org-2", stored)).run(simulator))
                .isEqualTo(new ResourceOutcome.Failed(Status.alreadyExists(DashboardTranslator.KIND, "from-apis")));
        ResourceOutcome deleted = dashboards.resourcePlan(new ResourceCall.Delete(DashboardTranslator.KIND, "org-2", "from-apis", "")).run(simulator);
        assertThat(deleted).isInstanceOf(ResourceOutcome.Found.class);
        assertThat(simulator.apply(LegacyCall.get("/api/dashboards/uid/from-apis", 2)).status()).isEqualTo(404);

        ObjectNode playlist = (ObjectNode) Json.tree("""
                {"metadata":{"generateName":"p-"},"spec":{"title":"From /apis","interval":"1m","items":[{"type":"dashboard_by_uid","value":"x"}]}}""");
        ResourceOutcome playlistCreated = playlists.resourcePlan(new ResourceCall.Create(PlaylistTranslator.KIND, "org-2", playlist)).run(simulator);
        ResourceObject createdPlaylist = new ResourceObject(((ResourceOutcome.Found) playlistCreated).object());
        assertThat(createdPlaylist.legacyId()).isPositive();
        assertThat(createdPlaylist.json().path("metadata").path("namespace").asText()).isEqualTo("org-2");
        assertThat(playlists.resourcePlan(new ResourceCall.Delete(PlaylistTranslator.KIND, "org-2", createdPlaylist.name(), "")).run(simulator))
                .isInstanceOf(ResourceOutcome.Found.class);
    }

    private static List<String> uids(JsonNode hits) {
        List<String> uids = new ArrayList<>();
        hits.forEach(hit -> uids.add(hit.path("uid").asText()));
        return uids;
    }
}
