package io.migrationgateway.gateway.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.config.ShadowConfig.IgnoreRule;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructuralDiffTest {
    private static final ComparisonRules TRANSLATOR = ComparisonRules.of(List.of("$.meta.updated"), List.of("$.dashboard.id"));

    private static Answer answer(int status, String json) {
        return new Answer(status, json.getBytes(StandardCharsets.UTF_8), 0.001);
    }

    @Test
    void equalAnswersAfterTheTranslatorsRulesHaveNoDifferences() {
        StructuralDiff diff = new StructuralDiff(TRANSLATOR, List.of(), 200);
        List<Difference> differences = diff.compare(
                answer(200, "{\"dashboard\":{\"id\":1,\"title\":\"A\"},\"meta\":{\"updated\":\"2026-01-01\",\"slug\":\"a\"}}"),
                answer(200, "{\"meta\":{\"slug\":\"a\",\"updated\":\"2027-05-05\"},\"dashboard\":{\"title\":\"A\",\"id\":1000000001}}"));
        assertThat(differences).isEmpty();
    }

    @Test
    void eachDifferenceNamesItsPathWithBothSidesValues() {
        StructuralDiff diff = new StructuralDiff(TRANSLATOR, List.of(), 200);
        List<Difference> differences = diff.compare(
                answer(200, "{\"meta\":{\"folderTitle\":\"General\",\"annotations\":{\"grafana.app/x\":1}},\"items\":[1,2]}"),
                answer(200, "{\"meta\":{\"folderTitle\":\"Ops\",\"annotations\":{\"grafana.app/x\":2}},\"items\":[1,2,3]}"));
        assertThat(differences).containsExactlyInAnyOrder(
                new Difference("$.meta.folderTitle", "\"General\"", "\"Ops\""),
                new Difference("$.meta.annotations['grafana.app/x']", "1", "2"),
                new Difference("$.items[2]", "", "3"));
    }

    @Test
    void aDifferentStatusIsADifference() {
        List<Difference> differences = new StructuralDiff(TRANSLATOR, List.of(), 200)
                .compare(answer(200, "{\"message\":\"x\"}"), answer(404, "{\"message\":\"x\"}"));
        assertThat(differences).containsExactly(new Difference("status", "200", "404"));
    }

    @Test
    void operatorRulesDropPathsIgnoreArrayOrderAndTolerateNumbers() {
        List<IgnoreRule> rules = List.of(new IgnoreRule("$.meta.expires", null, null), new IgnoreRule("$.tags", true, null),
                new IgnoreRule("$.panels[*].width", null, 0.05));
        StructuralDiff diff = new StructuralDiff(ComparisonRules.none(), rules, 200);
        String legacy = "{\"meta\":{\"expires\":\"a\"},\"tags\":[\"b\",\"a\",{\"k\":1}],\"panels\":[{\"width\":100},{\"width\":10}]}";
        String unified = "{\"meta\":{\"expires\":\"b\"},\"tags\":[{\"k\":1},\"a\",\"b\"],\"panels\":[{\"width\":104},{\"width\":12}]}";

        assertThat(diff.compare(answer(200, legacy), answer(200, unified)))
                .containsExactly(new Difference("$.panels[1].width", "10", "12"));
        assertThat(new StructuralDiff(ComparisonRules.none(), List.of(), 200).compare(answer(200, legacy), answer(200, unified)))
                .extracting(Difference::path).contains("$.meta.expires", "$.panels[0].width");
    }

    @Test
    void aPreparedAnswerComparesWithSeveralOthersAsEachComparisonAloneWould() {
        List<IgnoreRule> rules = List.of(new IgnoreRule("$.tags", true, null));
        StructuralDiff diff = new StructuralDiff(TRANSLATOR, rules, 200);
        Answer legacy = answer(200, "{\"dashboard\":{\"id\":1},\"tags\":[\"b\",\"a\"],\"title\":\"A\"}");
        Answer unified = answer(200, "{\"dashboard\":{\"id\":2},\"tags\":[\"a\",\"b\"],\"title\":\"B\"}");
        Answer legacyAgain = answer(200, "{\"title\":\"A\", \"tags\":[\"a\",\"b\"], \"dashboard\":{\"id\":3}}");
        List<Difference> alone = diff.compare(legacy, unified);

        StructuralDiff.Prepared prepared = diff.prepare(legacy);

        assertThat(alone).containsExactly(new Difference("$.title", "\"A\"", "\"B\""));
        assertThat(diff.compare(prepared, unified)).isEqualTo(alone);
        assertThat(diff.compare(prepared, legacyAgain)).isEmpty();
        assertThat(diff.compare(prepared, answer(200, "{\"dashboard\":{\"id\":9},\"title\":\"A\"}"))).extracting(Difference::path).containsExactly("$.tags");
        assertThat(diff.compare(prepared, unified)).as("unchanged by the comparisons").isEqualTo(alone);
        assertThat(diff.compare(prepared, answer(500, new String(legacy.body(), StandardCharsets.UTF_8))))
                .containsExactly(new Difference("status", "200", "500"));
    }

    @Test
    void comparingTwoTreesChangesNeither() {
        StructuralDiff diff = new StructuralDiff(TRANSLATOR, List.of(new IgnoreRule("$.tags", true, null)), 200);
        JsonNode legacy = Json.tree("{\"dashboard\":{\"id\":1},\"tags\":[\"b\",\"a\"],\"meta\":{\"updated\":\"x\"}}");
        JsonNode unified = Json.tree("{\"dashboard\":{\"id\":2},\"tags\":[\"a\",\"c\"],\"meta\":{}}");
        String legacyBefore = legacy.toString();
        String unifiedBefore = unified.toString();

        assertThat(diff.compare(legacy, unified)).extracting(Difference::path).isNotEmpty().allMatch(path -> path.startsWith("$.tags"));
        assertThat(legacy).hasToString(legacyBefore);
        assertThat(unified).hasToString(unifiedBefore);
    }

    @Test
    void samplesAreTruncated() {
        String longTitle = "x".repeat(500);
        List<Difference> differences = new StructuralDiff(ComparisonRules.none(), List.of(), 20)
                .compare(answer(200, "{\"title\":\"" + longTitle + "\"}"), answer(200, "{\"title\":\"y\"}"));
        assertThat(differences.getFirst().authoritative()).hasSize(21).endsWith("…");
        assertThat(differences.getFirst().shadow()).isEqualTo("\"y\"");
    }

    @Test
    void aBodyThatIsNotJsonIsComparedByItsBytes() {
        StructuralDiff diff = new StructuralDiff(ComparisonRules.none(), List.of(), 200);
        assertThat(diff.compare(answer(200, ""), answer(200, ""))).isEmpty();
        assertThat(diff.compare(answer(200, ""), answer(200, "{}"))).containsExactly(new Difference("$", "", "{}"));
    }
}
