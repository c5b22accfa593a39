package io.migrationgateway.jobs.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.json.Json;
import org.junit.jupiter.api.Test;

class JsonDiffTest {
    private static JsonNode json(String text) {
        return Json.tree(text);
    }

    @Test
    void namesTheDeepestDifferingPathsInTheComparisonRulesSyntax() {
        JsonNode a = json("{\"metadata\":{\"annotations\":{\"grafana.app/folder\":\"a\"}},\"spec\":{\"title\":\"x\","
            + "\"panels\":[{\"id\":1},{\"id\":2}]}}");
        JsonNode b = json("{\"metadata\":{\"annotations\":{\"grafana.app/folder\":\"b\"}},\"spec\":{\"title\":\"x\","
            + "\"panels\":[{\"id\":1},{\"id\":3}],\"extra\":true}}");

        assertThat(JsonDiff.paths(a, b)).containsExactly("$.metadata.annotations['grafana.app/folder']",
            "$.spec.extra", "$.spec.panels[1].id");
        assertThat(JsonDiff.at(b, "$.spec.panels[1].id").asInt()).isEqualTo(3);
        assertThat(JsonDiff.at(a, "$.metadata.annotations['grafana.app/folder']").asText()).isEqualTo("a");
    }

    @Test
    void numbersAreComparedByValue() {
        assertThat(JsonDiff.paths(json("{\"a\":1,\"b\":[1.50]}"), json("{\"a\":1.0,\"b\":[1.5]}"))).isEmpty();
    }
}
