package io.migrationgateway.model.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonDiffTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void deltaUsesJsondiffpatchNotation() throws Exception {
        JsonNode base = JSON.readTree("""
                {"title":"a","tags":["x","y"],"gone":1,"panels":[{"id":1,"title":"p"}]}""");
        JsonNode next = JSON.readTree("""
                {"title":"b","tags":["x"],"panels":[{"id":1,"title":"q"},{"id":2}],"new":true}""");

        assertThat(JsonDiff.delta(base, next)).isEqualTo(JSON.readTree("""
                {"title":["a","b"],"tags":{"_t":"a","_1":["y",0,0]},"gone":[1,0,0],
                 "panels":{"_t":"a","0":{"title":["p","q"]},"1":[{"id":2}]},"new":[true]}"""));
    }

    @Test
    void equalDocumentsHaveAnEmptyDeltaAndNoChanges() throws Exception {
        JsonNode doc = JSON.readTree("{\"a\":[1,{\"b\":2}]}");

        assertThat(JsonDiff.delta(doc, doc.deepCopy())).isEqualTo(JSON.createObjectNode());
        assertThat(JsonDiff.changes(doc, doc.deepCopy())).isEmpty();
    }

    @Test
    void changesNameEveryLeafByJsonPointer() throws Exception {
        JsonNode base = JSON.readTree("{\"a/b\":1,\"list\":[1,2],\"o\":{\"x\":1}}");
        JsonNode next = JSON.readTree("{\"a/b\":2,\"list\":[1],\"o\":{\"x\":1,\"y\":[]}}");

        assertThat(JsonDiff.changes(base, next)).extracting(JsonChange::kind, JsonChange::path).containsExactly(
                org.assertj.core.groups.Tuple.tuple(JsonChange.Kind.CHANGED, "/a~1b"),
                org.assertj.core.groups.Tuple.tuple(JsonChange.Kind.REMOVED, "/list/1"),
                org.assertj.core.groups.Tuple.tuple(JsonChange.Kind.ADDED, "/o/y"));
    }

    /** The delta, applied the way jsondiffpatch applies one, turns any base into the next document. */
    @Test
    void deltaAppliedToTheBaseGivesTheNextDocument() {
        Random random = new Random(42);
        for (int run = 0; run < 500; run++) {
            JsonNode base = randomNode(random, 3);
            JsonNode next = random.nextInt(4) == 0 ? randomNode(random, 3) : mutate(base.deepCopy(), random);
            JsonNode delta = JsonDiff.delta(base, next);

            assertThat(patch(base.deepCopy(), delta)).as("run %d: %s -> %s by %s", run, base, next, delta).isEqualTo(next);
        }
    }

    @Test
    void htmlViewsEscapeWhatTheDashboardsHold() throws Exception {
        JsonNode base = JSON.readTree("{\"title\":\"<b>\"}");
        JsonNode next = JSON.readTree("{\"title\":\"<script>\"}");

        DashboardDiff.Rendered basic = DashboardDiff.calculate("basic", base, next);
        DashboardDiff.Rendered json = DashboardDiff.calculate("json", base, next);
        DashboardDiff.Rendered delta = DashboardDiff.calculate("delta", base, next);

        assertThat(basic.contentType()).isEqualTo(DashboardDiff.HTML);
        assertThat(basic.body()).contains("title").contains("&lt;script&gt;").doesNotContain("<script>");
        assertThat(json.body()).contains("&lt;script&gt;").doesNotContain("<script>");
        assertThat(delta.contentType()).isEqualTo(DashboardDiff.JSON);
        assertThat(JSON.readTree(delta.body())).isEqualTo(JSON.readTree("{\"title\":[\"<b>\",\"<script>\"]}"));
        assertThat(DashboardDiff.calculate("anything", base, next)).isEqualTo(basic);
    }

    private static JsonNode patch(JsonNode target, JsonNode delta) {
        if (delta.isEmpty() && delta.isObject()) {
            return target;
        }
        if (delta.isArray()) {
            return delta.size() == 1 ? delta.get(0) : delta.get(1);
        }
        if (delta.path("_t").asText().equals("a")) {
            ArrayNode array = (ArrayNode) target;
            List<Integer> removed = new ArrayList<>();
            List<Integer> inserted = new ArrayList<>();
            List<Integer> modified = new ArrayList<>();
            for (Iterator<String> keys = delta.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (key.equals("_t")) {
                    continue;
                }
                if (key.startsWith("_")) {
                    removed.add(Integer.parseInt(key.substring(1)));
                } else if (delta.get(key).isArray() && delta.get(key).size() == 1) {
                    inserted.add(Integer.parseInt(key));
                } else {
                    modified.add(Integer.parseInt(key));
                }
            }
            removed.stream().sorted(java.util.Comparator.reverseOrder()).forEach(i -> array.remove(i.intValue()));
            inserted.stream().sorted().forEach(i -> array.insert(i, delta.get(Integer.toString(i)).get(0)));
            modified.forEach(i -> array.set(i, patch(array.get(i), delta.get(Integer.toString(i)))));
            return array;
        }
        ObjectNode object = (ObjectNode) target;
        for (Iterator<Map.Entry<String, JsonNode>> fields = delta.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode change = field.getValue();
            if (change.isArray() && change.size() == 3 && change.get(2).asInt() == 0) {
                object.remove(field.getKey());
            } else if (change.isArray() && change.size() == 1) {
                object.set(field.getKey(), change.get(0));
            } else {
                object.set(field.getKey(), patch(object.get(field.getKey()), change));
            }
        }
        return object;
    }

    private static JsonNode randomNode(Random random, int depth) {
        int kind = depth == 0 ? random.nextInt(3) : random.nextInt(5);
        return switch (kind) {
            case 0 -> JSON.getNodeFactory().numberNode(random.nextInt(5));
            case 1 -> JSON.getNodeFactory().textNode("s" + random.nextInt(5));
            case 2 -> JSON.getNodeFactory().booleanNode(random.nextBoolean());
            case 3 -> {
                ArrayNode array = JSON.createArrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomNode(random, depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = JSON.createObjectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set("k" + random.nextInt(6), randomNode(random, depth - 1));
                }
                yield object;
            }
        };
    }

    private static JsonNode mutate(JsonNode node, Random random) {
        if (node instanceof ObjectNode object) {
            object.set("k" + random.nextInt(6), randomNode(random, 1));
            if (random.nextBoolean()) {
                object.remove("k" + random.nextInt(6));
            }
            return object;
        }
        if (node instanceof ArrayNode array) {
            if (random.nextBoolean() && !array.isEmpty()) {
                array.remove(random.nextInt(array.size()));
            } else {
                array.add(randomNode(random, 1));
            }
            if (!array.isEmpty()) {
                array.set(0, mutate(array.get(0), random));
            }
            return array;
        }
        return randomNode(random, 1);
    }
}
