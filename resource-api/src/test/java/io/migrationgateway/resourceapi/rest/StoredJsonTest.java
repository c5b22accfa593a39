package io.migrationgateway.resourceapi.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StoredJsonTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String API_VERSION = "dashboard.grafana.app/v0alpha1";
    static final String KIND = "Dashboard";

    static byte[] present(String stored) {
        return StoredJson.present(stored.getBytes(StandardCharsets.UTF_8), API_VERSION, KIND);
    }

    /** What the tree path answers: {@link ResourceOutput#present}'s shape, serialised. */
    static byte[] presentTree(String stored) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(stored);
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("apiVersion", API_VERSION);
        out.put("kind", KIND);
        for (Map.Entry<String, JsonNode> field : tree.properties()) {
            if (!field.getKey().equals("apiVersion") && !field.getKey().equals("kind")) {
                out.set(field.getKey(), field.getValue());
            }
        }
        return JSON.writeValueAsBytes(out);
    }

    @Test
    void storedTextGivesTheBytesOfTheTreePath() throws Exception {
        List<String> stored = List.of(
                "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\",\"metadata\":{\"name\":\"a\","
                        + "\"resourceVersion\":\"17\",\"generation\":2},\"spec\":{\"title\":\"T\",\"panels\":[{\"id\":1,"
                        + "\"gridPos\":{\"h\":8.5,\"w\":12}},[],{}],\"n\":null,\"ok\":true,\"big\":123456789012345678901234567890}}",
                // apiVersion and kind after other fields, as an update that added them leaves them
                "{\"metadata\":{\"name\":\"b\"},\"spec\":{},\"apiVersion\":\"x/v1\",\"kind\":\"Dashboard\"}",
                "{\"metadata\":{\"name\":\"c\"},\"apiVersion\":\"x/v1\",\"spec\":{\"kind\":\"inner\",\"apiVersion\":\"kept\"}}",
                // no apiVersion or kind stored
                "{\"metadata\":{\"name\":\"d\"}}",
                "{}",
                // strings holding what a scanner could mistake for structure, escapes and non-ASCII text
                "{\"metadata\":{\"name\":\"e\"},\"spec\":{\"title\":\"a \\\"quoted\\\", {braced} [x] \\\\ end\","
                        + "\"unicode\":\"Grüße\",\"tab\":\"\\t\",\"kind\":\"}\"}}");
        for (String text : stored) {
            String normalised = JSON.writeValueAsString(JSON.readTree(text));
            assertThat(new String(present(normalised), StandardCharsets.UTF_8)).as(text)
                    .isEqualTo(new String(presentTree(normalised), StandardCharsets.UTF_8));
        }
    }

    @Test
    void randomObjectsGiveTheBytesOfTheTreePath() throws Exception {
        Random random = new Random(20261121);
        for (int i = 0; i < 2000; i++) {
            ObjectNode object = randomObject(random, 0);
            if (random.nextBoolean()) {
                object.put(random.nextBoolean() ? "apiVersion" : "kind", randomString(random));
            }
            String stored = JSON.writeValueAsString(object);
            assertThat(new String(present(stored), StandardCharsets.UTF_8)).as(stored)
                    .isEqualTo(new String(presentTree(stored), StandardCharsets.UTF_8));
        }
    }

    @Test
    void objectsThatBeginWithApiVersionAndKindGiveTheBytesOfTheTreePath() throws Exception {
        // the store's own layout, whose members after apiVersion and kind are copied without a scan
        Random random = new Random(20261122);
        for (int i = 0; i < 2000; i++) {
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            boolean versionFirst = random.nextBoolean();
            object.put(versionFirst ? "apiVersion" : "kind", randomString(random));
            object.put(versionFirst ? "kind" : "apiVersion", randomString(random));
            randomObject(random, 0).properties().stream()
                    .filter(member -> !object.has(member.getKey()))
                    .forEach(member -> object.set(member.getKey(), member.getValue()));
            String stored = JSON.writeValueAsString(object) + (random.nextBoolean() ? "\n" : "");
            assertThat(new String(present(stored), StandardCharsets.UTF_8)).as(stored)
                    .isEqualTo(new String(presentTree(stored), StandardCharsets.UTF_8));
        }
    }

    private static ObjectNode randomObject(Random random, int depth) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (int i = random.nextInt(depth == 0 ? 6 : 4); i > 0; i--) {
            object.set(random.nextInt(8) == 0 ? "kind" : randomString(random), randomValue(random, depth + 1));
        }
        return object;
    }

    private static JsonNode randomValue(Random random, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch (random.nextInt(depth < 4 ? 9 : 7)) {
            case 0 -> nodes.textNode(randomString(random));
            case 1 -> nodes.numberNode(random.nextLong());
            case 2 -> nodes.numberNode(random.nextDouble() * 1e6 - 5e5);
            case 3 -> nodes.numberNode(new BigInteger(100, random));
            case 4 -> nodes.booleanNode(random.nextBoolean());
            case 5 -> nodes.nullNode();
            case 6 -> nodes.numberNode(random.nextInt(100));
            case 7 -> randomObject(random, depth);
            default -> {
                ArrayNode array = nodes.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
        };
    }

    /** Text with the characters that matter to a scanner: quotes, backslashes, brackets, commas, controls. */
    private static String randomString(Random random) {
        String alphabet = "ab\"\\{}[],: \n\tüé\u0001";
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(8); i > 0; i--) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    @Test
    void charactersBeyondTheBasicPlaneStayAsStored() throws Exception {
        // the tree path writes them as escaped surrogate pairs; the stored text has them as UTF-8, as good JSON
        String stored = "{\"metadata\":{\"name\":\"f\"},\"spec\":{\"title\":\"Grüße 👋\"}}";
        String presented = new String(present(stored), StandardCharsets.UTF_8);
        assertThat(presented).contains("\"Grüße 👋\"");
        assertThat(JSON.readTree(presented)).isEqualTo(JSON.readTree(presentTree(stored)));
    }

    @Test
    void textWithWhitespaceGivesTheSameObject() throws Exception {
        String stored = """
                {
                  "kind" : "Dashboard" ,
                  "metadata" : { "name" : "spaced" } ,
                  "apiVersion" : "x/v1",
                  "spec" : { "title" : "S" , "list" : [ 1 , 2 ] }
                }
                """;
        JsonNode presented = JSON.readTree(present(stored));
        assertThat(presented).isEqualTo(JSON.readTree(presentTree(stored)));
        assertThat(presented.fieldNames()).toIterable().containsExactly("apiVersion", "kind", "metadata", "spec");
    }

    @Test
    void apiVersionAndKindAreEscaped() throws Exception {
        byte[] out = StoredJson.present("{\"spec\":{}}".getBytes(StandardCharsets.UTF_8), "g/v\"1", "K\\");
        JsonNode presented = JSON.readTree(out);
        assertThat(presented.path("apiVersion").asText()).isEqualTo("g/v\"1");
        assertThat(presented.path("kind").asText()).isEqualTo("K\\");
    }

    @Test
    void storedTextThatIsNoObjectIsRefused() {
        for (String stored : new String[] {"[1,2]", "\"text\"", "{\"a\":1", "{\"a\":}", "", "{\"a\":1 \"b\":2}",
                "{\"a\":1,}", "{\"a\":\"open}", "{\"a\":{\"b\":[1,2}", "{a:1}"}) {
            assertThatThrownBy(() -> present(stored)).as(stored).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not a JSON object");
        }
    }
}
