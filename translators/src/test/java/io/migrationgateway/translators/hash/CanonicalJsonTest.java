package io.migrationgateway.translators.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {
    private static final String DOCUMENT = "{\"title\":\"Ops\",\"version\":3,\"panels\":[{\"id\":1,\"type\":\"graph\","
        + "\"gridPos\":{\"h\":8,\"w\":12}},{\"id\":2,\"fill\":0.5,\"tags\":[\"a\",\"b\"],\"hidden\":false,"
        + "\"x\":null}]}";

    private final CanonicalJson hasher = new CanonicalJson();

    private Hash128 hash(String json) {
        return hasher.document(json.getBytes(StandardCharsets.UTF_8), Set.of());
    }

    @Test
    void keyOrderWhitespaceAndEscapesDoNotCount() {
        String reordered = """
            { "panels" : [ { "type" : "graph", "gridPos" : { "w" : 12, "h" : 8 }, "id" : 1 },
                           { "x" : null, "hidden" : false, "tags" : [ "a", "\\u0062" ], "fill" : 0.5, "id" : 2 } ],
              "version" : 3,
              "title" : "O\\u0070s" }
            """;

        assertThat(hash(reordered)).isEqualTo(hash(DOCUMENT));
    }

    @Test
    void stringsCountByTheirCharacters() {
        assertThat(hash("[\"caf\\u00e9 \\ud83d\\ude00 a\\/b \\\"q\\\" \\t\"]"))
            .isEqualTo(hash("[\"café 😀 a/b \\\"q\\\" \\u0009\"]"));
        assertThat(hash("{\"\\u0069d\":1}")).isEqualTo(hash("{\"id\":1}"));
        assertThat(hash("\"cafe\"")).isNotEqualTo(hash("\"café\""));
        assertThat(hash("\"a\\nb\"")).isNotEqualTo(hash("\"a\\\\nb\""));
    }

    @Test
    void aStringIsReadToItsEndWhereverItsEscapesAndEndFall() {
        String text = "0123456789abcdefghijklmnopqrstuvwxyzé0123456789";
        for (int at = 0; at < text.length(); at++) {
            String raw = text.substring(0, at) + "A" + text.substring(at);
            String escaped = text.substring(0, at) + "\\u0041" + text.substring(at);
            assertThat(hash("[\"" + escaped + "\",1]")).as(escaped).isEqualTo(hash("[\"" + raw + "\",1]"))
                .isNotEqualTo(hash("[\"" + text + "\",1]"));
            assertThat(hash("[\"" + text.substring(0, at) + "\t" + text.substring(at) + "\"]")).isNull();
            assertThat(hash("[\"" + text.substring(0, at) + "\",\"" + text.substring(at) + "\"]"))
                .isNotEqualTo(hash("[\"" + text + "\"]"));
        }
    }

    @Test
    void everyChangeOfAValueANameOrAnOrderCounts() {
        Hash128 original = hash(DOCUMENT);
        for (String changed : new String[] {
            DOCUMENT.replace("\"Ops\"", "\"ops\""),
            DOCUMENT.replace("\"title\"", "\"Title\""),
            DOCUMENT.replace("[\"a\",\"b\"]", "[\"b\",\"a\"]"),
            DOCUMENT.replace("\"h\":8", "\"h\":9"),
            DOCUMENT.replace("0.5", "0.25"),
            DOCUMENT.replace("\"version\":3", "\"version\":\"3\""),
            DOCUMENT.replace("false", "true"),
            DOCUMENT.replace("null", "false"),
            DOCUMENT.replace("\"x\":null", "\"x\":\"\""),
            DOCUMENT.replace(",\"x\":null", ""),
            DOCUMENT.replace("[\"a\",\"b\"]", "[\"a\",\"b\",\"b\"]"),
            DOCUMENT.replace("[\"a\",\"b\"]", "[\"ab\"]"),
            DOCUMENT.replace("[\"a\",\"b\"]", "{\"a\":\"b\"}"),
            DOCUMENT.replace("[\"a\",\"b\"]", "[]"),
            DOCUMENT.replace("[\"a\",\"b\"]", "{}"),
        }) {
            assertThat(hash(changed)).as(changed).isNotNull().isNotEqualTo(original);
        }
    }

    @Test
    void theSameMembersAtAnotherDepthOrUnderAnotherNameDiffer() {
        assertThat(hash("{\"a\":{\"b\":1}}")).isNotEqualTo(hash("{\"b\":{\"a\":1}}"));
        assertThat(hash("{\"a\":1,\"b\":{}}")).isNotEqualTo(hash("{\"b\":{\"a\":1}}"));
        assertThat(hash("{\"a\":{\"b\":{\"c\":1}}}")).isNotEqualTo(hash("{\"a\":{\"c\":{\"b\":1}}}"));
        assertThat(hash("[[1,2],[3]]")).isNotEqualTo(hash("[[1],[2,3]]"));
        assertThat(hash("{\"p\":{\"x\":1},\"q\":{\"y\":2}}")).isNotEqualTo(hash("{\"p\":{\"y\":2},\"q\":{\"x\":1}}"));
    }

    @Test
    void numbersCountByValue() {
        assertThat(hash("[1, 100, -20, 0, 0.5]")).isEqualTo(hash("[1.0, 1e2, -2.0E1, -0, 5e-1]"))
            .isEqualTo(hash("[1.00, 100.000, -20, 0.0, 0.50]"));
        assertThat(hash("10")).isNotEqualTo(hash("1"));
        assertThat(hash("10")).isNotEqualTo(hash("100"));
        assertThat(hash("1.5")).isNotEqualTo(hash("15"));
        assertThat(hash("-1")).isNotEqualTo(hash("1"));
        assertThat(hash("12345678901234567890")).isNotEqualTo(hash("12345678901234567891"));
        assertThat(hasher.number(-300)).isEqualTo(hash("-3e2"));
    }

    @Test
    void scalarsHashAsTheDocumentsTheyPrintAs() {
        assertThat(hasher.string("a \"b\"")).isEqualTo(hash("\"a \\\"b\\\"\""));
        assertThat(hasher.number(42)).isEqualTo(hash("42"));
        assertThat(hasher.nullValue()).isEqualTo(hash("null"));
        assertThat(hasher.string("42")).isNotEqualTo(hasher.number(42));
        assertThat(hasher.string("")).isNotEqualTo(hasher.nullValue());
    }

    @Test
    void namedRootMembersAreLeftOutAndOnlyAtTheRoot() {
        Set<String> without = Set.of("id", "version");
        Hash128 withoutThem = hasher.document(
            "{\"id\":7,\"title\":\"x\",\"version\":2,\"p\":{\"id\":1}}".getBytes(StandardCharsets.UTF_8), without);

        assertThat(withoutThem).isEqualTo(hash("{\"title\":\"x\",\"p\":{\"id\":1}}"));
        assertThat(withoutThem).isNotEqualTo(hash("{\"title\":\"x\",\"p\":{}}"));
    }

    @Test
    void aMalformedOrEmptyDocumentHasNoHash() {
        for (String malformed : new String[] {"{not json", "{\"a\":1,}", "[1,]", "[01]", "[tru]", "[nul]", "[1 2]",
            "{\"a\" 1}", "{a:1}", "[-]", "[1.]", "[.5]", "[1e]", "[\"a\tb\"]", "[\"\\x\"]", "[\"\\u12\"]",
            "[\"open]", "{\"a\":[1,2", "[1,,2]", "{\"a\":1 \"b\":2}"}) {
            assertThat(hash(malformed)).as(malformed).isNull();
        }
        assertThat(hash("")).isNull();
        assertThat(hash("  ")).isNull();
        assertThat(hasher.document(null, Set.of())).isNull();
    }

    @Test
    void anInstanceGivesTheSameHashesWhateverItHashedBefore() {
        Hash128 first = hash(DOCUMENT);
        hash("[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]");
        hash("{\"a\":[1,2");

        assertThat(hash(DOCUMENT)).isEqualTo(first).isEqualTo(new CanonicalJson().document(
            DOCUMENT.getBytes(StandardCharsets.UTF_8), Set.of()));
    }
}
