package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.LegacyContract;
import io.migrationgateway.translators.ResourceContract;
import io.migrationgateway.translators.ScriptedLegacy;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Generated dashboards (unicode everywhere, numbers of every form, nested values, missing and empty fields, very
 * large and very deep models): whatever a legacy client saves, it reads back, and the objects in between are valid
 * Dashboards.
 */
class GeneratedDashboardsTest {

    @Property(tries = 60)
    void whateverIsSavedReadsBackExactly(@ForAll("dashboards") ObjectNode model) {
        Fixtures fixtures = new Fixtures();
        String uid = savedAndReadBack(fixtures, model);

        assertThat(ResourceContract.findings(DashboardTranslator.KIND,
                fixtures.api().stored(DashboardTranslator.KIND, "default", uid).orElseThrow())).isEmpty();
        assertThat(LegacyContract.unexplained("GET", "/api/dashboards/uid/" + uid, fixtures.get("/api/dashboards/uid/" + uid))).isEmpty();
    }

    /** Saves {@code model}, reads it back, checks it is the model Grafana would answer, byte for byte; returns the uid. */
    private static String savedAndReadBack(Fixtures fixtures, ObjectNode model) {
        LegacyResponse saved = fixtures.post("/api/dashboards/db", "{\"dashboard\":" + model + "}");
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);
        String uid = saved.body().get("uid").asText();
        LegacyResponse read = fixtures.get("/api/dashboards/uid/" + uid);
        ObjectNode expected = model.deepCopy();
        expected.put("id", saved.body().get("id").asLong());
        expected.put("uid", uid);
        expected.put("version", 1);
        expected.put("title", model.get("title").asText().strip());
        assertThat(new String(Json.bytes(read.body().get("dashboard")), StandardCharsets.UTF_8))
                .isEqualTo(new String(Json.bytes(SortedKeys.sorted(expected)), StandardCharsets.UTF_8));
        assertThat(read.body().get("meta").get("slug").asText()).isEqualTo(Names.slugify(model.get("title").asText().strip()));
        return uid;
    }

    @Property(tries = 60)
    void aLegacyAnswerSurvivesTheResourceApi(@ForAll("dashboards") ObjectNode model, @ForAll("text") String login) {
        Fixtures fixtures = new Fixtures();
        model.put("id", 3).put("uid", "u1").put("version", 5);
        ObjectNode original = (ObjectNode) Fixtures.wire(Json.tree("{\"dashboard\":" + model + ",\"meta\":{}}"));
        ObjectNode meta = (ObjectNode) original.get("meta");
        meta.put("created", "2023-01-01T00:00:00Z").put("updated", "2023-01-02T00:00:00Z").put("createdBy", login)
                .put("updatedBy", login).put("folderUid", "");

        ResourceOutcome outcome = new DashboardTranslator(fixtures.settings())
                .resourcePlan(new ResourceCall.Get(DashboardTranslator.KIND, "default", "u1"))
                .run(new ScriptedLegacy().answer("GET", "/api/dashboards/uid/u1", 200, original.toString()));
        fixtures.api().put(DashboardTranslator.KIND, ((ResourceOutcome.Found) outcome).object());
        JsonNode read = Fixtures.wire(fixtures.get("/api/dashboards/uid/u1"));

        assertThat(read.get("dashboard")).isEqualTo(original.get("dashboard"));
        String shownLogin = login.isEmpty() || login.equals("Anonymous") ? "Anonymous" : login;
        assertThat(read.get("meta").get("createdBy").asText()).isEqualTo(shownLogin);
        assertThat(read.get("meta").get("updated").asText()).isEqualTo("2023-01-02T00:00:00Z");
        assertThat(read.get("meta").get("version").asInt()).isEqualTo(5);
    }

    @Property(tries = 60)
    void aModelWithoutATitleIsRefusedNotStored(@ForAll("values") JsonNode title) {
        Fixtures fixtures = new Fixtures();
        ObjectNode model = Json.object();
        if (!(title instanceof TextNode text) || text.asText().isBlank()) {
            model.set("title", title);
        }
        LegacyResponse refused = fixtures.post("/api/dashboards/db", "{\"dashboard\":" + model + "}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("status").asText()).isEqualTo("empty-name");
        assertThat(fixtures.api().calls()).isEmpty();
    }

    @Example
    void aFiveMegabyteDashboardReadsBackExactly() {
        ObjectNode model = Json.object().put("title", "Large ✓ 大きい");
        ArrayNode panels = model.putArray("panels");
        long size = 0;
        for (int i = 0; size < 5 * 1024 * 1024; i++) {
            ObjectNode panel = panels.addObject().put("id", i).put("type", "timeseries").put("title", "Panel " + i + " — π≈3.14159");
            ArrayNode targets = panel.putArray("targets");
            for (int t = 0; t < 20; t++) {
                targets.addObject().put("refId", "R" + t).put("expr", "sum(rate(http_requests_total{job=\"api-" + i + "\"}[5m]))")
                        .put("interval", new BigDecimal("1.50"));
            }
            size += Json.bytes(panel).length + 1;
        }
        assertThat(Json.bytes(model).length).isGreaterThan(5 * 1024 * 1024);

        savedAndReadBack(new Fixtures(), model);
    }

    @Example
    void deeplyNestedValuesReadBackExactly() {
        ObjectNode model = Json.object().put("title", "Deep");
        ObjectNode level = model.putObject("nested");
        for (int depth = 0; depth < 500; depth++) {
            level = depth % 2 == 0 ? level.putObject("o" + depth) : level.putArray("a").addObject();
        }
        level.put("bottom", true);

        whateverIsSavedReadsBackExactly(model);
    }

    @Example
    void veryOldModelsWithRowsAndWithoutIdsReadBackExactly() {
        whateverIsSavedReadsBackExactly((ObjectNode) Json.tree("""
                {"title":"Old","rows":[{"title":"Row","height":"250px","panels":[{"type":"graph","span":12,"targets":[]}]}],
                 "editable":true,"style":"dark","nav":[{"type":"timepicker"}]}"""));
        whateverIsSavedReadsBackExactly((ObjectNode) Json.tree("{\"title\":\"Empty\",\"panels\":[],\"tags\":[],\"templating\":{}}"));
    }

    // ---- generators ------------------------------------------------------------------------------------------

    @Provide
    Arbitrary<ObjectNode> dashboards() {
        Arbitrary<String> title = text().filter(t -> !t.isBlank());
        Arbitrary<Map<String, JsonNode>> fields = Arbitraries.maps(key(), values()).ofMaxSize(8);
        return Combinators.combine(title, fields, Arbitraries.integers().between(0, 3)).as((t, f, padding) -> {
            ObjectNode model = Json.object();
            f.forEach((k, v) -> {
                if (!k.equals("id") && !k.equals("uid") && !k.equals("version")) {
                    model.set(k, v);
                }
            });
            model.put("title", " ".repeat(padding) + t);
            return model;
        });
    }

    @Provide
    Arbitrary<JsonNode> values() {
        Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
                text().map(TextNode::valueOf),
                Arbitraries.longs().map(LongNode::valueOf),
                Arbitraries.bigDecimals().ofScale(3).map(DecimalNode::valueOf),
                Arbitraries.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.getInstance(), TextNode.valueOf("")));
        return Arbitraries.recursive(() -> leaf, inner -> Arbitraries.oneOf(leaf,
                inner.list().ofMaxSize(4).map(GeneratedDashboardsTest::array),
                Arbitraries.maps(key(), inner).ofMaxSize(4).map(GeneratedDashboardsTest::object)), 0, 4);
    }

    /** Unicode text of valid code points: ASCII, Latin with marks, CJK, right-to-left scripts and emoji. */
    @Provide
    Arbitrary<String> text() {
        Arbitrary<Integer> codePoint = Arbitraries.oneOf(
                Arbitraries.integers().between(0x20, 0x7e),
                Arbitraries.integers().between(0x00c0, 0x024f),
                Arbitraries.of(0x0301, 0x0308, 0x05d0, 0x0627, 0x4e2d, 0x65e5, 0x2028, 0x00a0, 0x0009, 0x000a),
                Arbitraries.integers().between(0x1f600, 0x1f64f));
        return codePoint.list().ofMaxSize(24).map(cps -> {
            StringBuilder s = new StringBuilder();
            cps.forEach(s::appendCodePoint);
            return s.toString();
        });
    }

    private Arbitrary<String> key() {
        return Arbitraries.oneOf(Arbitraries.of("panels", "templating", "tags", "rows", "schemaVersion", "time", "annotations", "links"),
                text());
    }

    private static ArrayNode array(List<JsonNode> elements) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        elements.forEach(array::add);
        return array;
    }

    private static ObjectNode object(Map<String, JsonNode> members) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        members.forEach(object::set);
        return object;
    }

    @Property(tries = 30)
    void aDashboardLandsInTheNamespaceOfItsOrg(@ForAll("dashboards") ObjectNode model, @ForAll @IntRange(min = 1, max = 3) int orgId) {
        Fixtures fixtures = new Fixtures();
        String uid = fixtures.send("POST", "/api/dashboards/db", "{\"dashboard\":" + model + "}", Fixtures.ADMIN, orgId)
                .body().get("uid").asText();

        assertThat(fixtures.api().stored(DashboardTranslator.KIND, orgId == 1 ? "default" : "org-" + orgId, uid)).isPresent();
        assertThat(fixtures.send("GET", "/api/dashboards/uid/" + uid, null, Fixtures.ADMIN, orgId == 1 ? 2 : 1).status())
                .as("another org does not see it").isEqualTo(404);
    }
}
