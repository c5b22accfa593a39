package io.migrationgateway.translators.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonRulesTest {
    @Test
    void normalizingRemovesTheNamedFieldsAndNothingElse() {
        ComparisonRules rules = ComparisonRules.of(List.of("$.meta.created", "$.dashboard.version"), List.of("$.dashboard.id"));
        JsonNode answer = Fixtures.json("""
                {"dashboard":{"id":1,"uid":"u","version":3,"title":"t"},"meta":{"created":"x","updated":"y"}}""");

        assertThat(rules.normalize(answer)).isEqualTo(Fixtures.json("""
                {"dashboard":{"uid":"u","title":"t"},"meta":{"updated":"y"}}"""));
        assertThat(answer.path("dashboard").has("id")).as("the answer itself is untouched").isTrue();
    }

    @Test
    void wildcardsReachEveryElementAndQuotedNamesKeysWithDots() {
        ComparisonRules rules = ComparisonRules.of(List.of("$[*].id", "$[*].meta['grafana.app/x']"), List.of());
        JsonNode hits = Fixtures.json("""
                [{"id":1,"uid":"a","meta":{"grafana.app/x":"1","y":2}},{"id":2,"uid":"b"}]""");

        assertThat(rules.normalize(hits)).isEqualTo(Fixtures.json("""
                [{"uid":"a","meta":{"y":2}},{"uid":"b"}]"""));
    }

    @Test
    void indexesAndMissingPathsAreHandled() {
        ComparisonRules rules = ComparisonRules.of(List.of("$.items[1].title", "$.nothing.here", "$.items[9].x"), List.of());
        assertThat(rules.normalize(Fixtures.json("{\"items\":[{\"title\":\"a\"},{\"title\":\"b\",\"v\":1}]}")))
                .isEqualTo(Fixtures.json("{\"items\":[{\"title\":\"a\"},{\"v\":1}]}"));
    }

    @Test
    void twoAnswersThatDifferOnlyInIgnoredFieldsCompareEqual() {
        ComparisonRules rules = ComparisonRules.of(List.of("$.updated"), List.of("$.id"));
        JsonNode legacy = Fixtures.json("{\"id\":7,\"title\":\"t\",\"updated\":\"2024-01-01T00:00:00Z\"}");
        JsonNode unified = Fixtures.json("{\"id\":100001,\"title\":\"t\",\"updated\":\"2024-01-02T00:00:00Z\"}");
        JsonNode different = Fixtures.json("{\"id\":7,\"title\":\"other\",\"updated\":\"2024-01-01T00:00:00Z\"}");

        assertThat(rules.normalize(legacy)).isEqualTo(rules.normalize(unified));
        assertThat(rules.normalize(legacy)).isNotEqualTo(rules.normalize(different));
    }

    @Test
    void combinedRulesRemoveEveryPathOfBothFromTheParsedTreeItself() {
        ComparisonRules rules = ComparisonRules.of(List.of("$.a"), List.of("$.b")).with(ComparisonRules.of(List.of("$.a", "$.c"), List.of()));
        JsonNode parsed = Fixtures.json("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}");

        assertThat(rules.normalize(parsed)).isEqualTo(Fixtures.json("{\"d\":4}"));
        assertThat(parsed).as("normalize copies").isEqualTo(Fixtures.json("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}"));
        assertThat(rules.removeIgnored(parsed)).isSameAs(parsed).isEqualTo(Fixtures.json("{\"d\":4}"));
    }

    @Test
    void pathsOutsideTheSubsetAreRefused() {
        for (String bad : List.of("meta.created", "$..created", "$.a[", "$['a'", "$[x]", "$.")) {
            assertThatThrownBy(() -> JsonPath.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
