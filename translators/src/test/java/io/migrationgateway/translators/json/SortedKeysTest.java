package io.migrationgateway.translators.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SortedKeysTest {
    @Test
    void keysAreSortedAtEveryLevelAsGoWritesMaps() {
        JsonNode sorted = SortedKeys.sorted(Json.tree("{\"b\":{\"z\":1,\"a\":[{\"y\":1,\"x\":2}]},\"a\":1}"));
        assertThat(new String(Json.bytes(sorted), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1,\"b\":{\"a\":[{\"x\":2,\"y\":1}],\"z\":1}}");
    }

    @Test
    void aSortedTreeIsReturnedAsIsAndAnUnsortedOneIsCopiedNotChanged() {
        ObjectNode sorted = (ObjectNode) Json.tree("{\"a\":{\"b\":1,\"c\":2},\"d\":[1,{\"e\":1}]}");
        assertThat(SortedKeys.sortedObject(sorted)).isSameAs(sorted);

        ObjectNode unsorted = (ObjectNode) Json.tree("{\"a\":{\"c\":2,\"b\":1},\"d\":[1,{\"e\":1}]}");
        ObjectNode result = SortedKeys.sortedObject(unsorted);
        assertThat(keys(unsorted.get("a"))).containsExactly("c", "b");
        assertThat(keys(result.get("a"))).containsExactly("b", "c");
        assertThat(result.get("d")).as("untouched subtrees are shared").isSameAs(unsorted.get("d"));
    }

    @Test
    void orderIsByUtf8BytesNotUtf16Units() {
        // U+FF21 (fullwidth A) is one UTF-16 unit above the surrogates, but its UTF-8 bytes sort before U+1F600's
        JsonNode sorted = SortedKeys.sorted(Json.tree("{\"\\uD83D\\uDE00\":1,\"\\uFF21\":2,\"Z\":3,\"a\":4}"));
        assertThat(keys(sorted)).containsExactly("Z", "a", "\uFF21", "\uD83D\uDE00");
    }

    @Test
    void aSortedParseSortsWhileReadingKeepsNumbersExactlyAndNeedsNoWalk() {
        JsonNode parsed = Json.parseSorted("{\"b\":{\"z\":1.50,\"a\":[{\"y\":1,\"x\":2}]},\"a\":1}".getBytes(StandardCharsets.UTF_8)).orElseThrow();

        assertThat(new String(Json.bytes(parsed), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1,\"b\":{\"a\":[{\"x\":2,\"y\":1}],\"z\":1.50}}");
        assertThat(SortedKeys.sorted(parsed)).isSameAs(parsed);
        assertThat(Json.parseSorted("{".getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    @Test
    void theTopLevelAloneCanBeSorted() {
        ObjectNode object = (ObjectNode) Json.tree("{\"b\":{\"z\":1,\"a\":2},\"a\":1}");
        ObjectNode sorted = SortedKeys.topLevelSorted(object);

        assertThat(keys(sorted)).containsExactly("a", "b");
        assertThat(sorted.get("b")).isSameAs(object.get("b"));
        assertThat(SortedKeys.topLevelSorted(sorted)).isSameAs(sorted);
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
