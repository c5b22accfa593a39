package io.migrationgateway.translators.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import io.migrationgateway.translators.Corpus;
import io.migrationgateway.translators.Fixtures;
import io.migrationgateway.translators.RowConverter.Conversion;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The copy job's conversion ({@link DashboardTranslator#toImport}, which cuts the spec out of the model's text or
 * streams it) writes exactly the bytes of the tree conversion ({@link DashboardTranslator#toResource}), on every real
 * dashboard, as its file has it and as Grafana stores it (keys sorted), on generated ones, and on the JSON that could
 * tell them apart; the text is cut where it is canonical, as the simulator's generated dashboards are.
 */
class SpecTextTest {
    private final DashboardTranslator translator = new DashboardTranslator(new Fixtures().settings());

    static List<String> files() {
        return Corpus.files();
    }

    private static DashboardRow row(String data) {
        return new DashboardRow(12, 1, "abc", 4, data.getBytes(StandardCharsets.UTF_8), Instant.parse("2023-01-01T10:00:00Z"),
            Instant.parse("2023-02-01T10:00:00Z"), 1, "admin", 2, "editor", "f1", Optional.empty(), "", "", "saved",
            Optional.empty());
    }

    /** The import's bytes equal the tree's; returns whether the import made the spec without a tree. */
    private boolean streamsAsTheTreeConverts(String data) {
        byte[] model = data.getBytes(StandardCharsets.UTF_8);
        CanonicalSpec.of(model).ifPresent(cut -> assertThat(cut.getValue())
            .isEqualTo(StreamedSpec.of(model).orElseThrow().getValue()));
        Conversion tree = translator.toResource(row(data));
        Conversion streamed = translator.toImport(row(data));
        if (!(tree instanceof Converted expected)) {
            assertThat(streamed).isEqualTo(tree);
            return false;
        }
        ObjectNode object = ((Converted) streamed).object();
        assertThat(new String(Json.bytes(object), StandardCharsets.UTF_8))
            .isEqualTo(new String(Json.bytes(expected.object()), StandardCharsets.UTF_8));
        return object.get("spec") instanceof POJONode;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aRealDashboardAsGrafanaStoresItStreamsToTheTreesBytes(String file) {
        String stored = new String(Json.bytes(SortedKeys.sorted(Corpus.model(file))), StandardCharsets.UTF_8);

        assertThat(streamsAsTheTreeConverts(stored)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aRealDashboardAsItsFileHasItConvertsToTheTreesBytes(String file) {
        streamsAsTheTreeConverts(new String(Corpus.bytes(file), StandardCharsets.UTF_8));
    }

    @Test
    void generatedDashboardsAsTheSimulatorStoresThemStreamToTheTreesBytes() {
        DashboardGenerator generator = DashboardGenerator.fromSeedDashboards(42);
        LongStream.range(0, 300).forEach(i -> {
            String stored = io.migrationgateway.legacysim.http.Json.write(generator.dashboard(i).model());
            assertThat(streamsAsTheTreeConverts(stored)).isTrue();
            assertThat(CanonicalSpec.of(stored.getBytes(StandardCharsets.UTF_8))).isPresent();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":\"\\u0001\\u001F\\n\\\"\\\\/é\",\"b\":1.50,\"c\":-1,\"d\":0.000001,\"e\":[],\"f\":{}}",
        "{\"id\":1,\"title\":\"T\",\"uid\":\"u\",\"version\":2}", "{\"id\":1}", "{}",
        "{\"a\":{\"id\":1,\"uid\":2}} trailing",
        "{\"a\":1.0E+2,\"b\":1E-7,\"c\":-1.5E+400}"
    })
    void canonicalTextIsCut(String data) {
        assertThat(CanonicalSpec.of(data.getBytes(StandardCharsets.UTF_8))).isPresent();
        assertThat(streamsAsTheTreeConverts(data)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":1e5}", "{\"a\":-0}", "{\"a\": 1}", " {\"a\":1}", "{\"a\":\"\\/\"}", "{\"a\":\"\\u001f\"}",
        "{\"a\":\"\\u003c\"}", "{\"a\":\"\\u000A\"}", "{\"a\":\"😀\"}", "{\"a\":0.0000001}", "{\"a\":-0.0}", "{\"a\":1E5}"
    })
    void sortedTextThatIsNotCanonicalIsStreamed(String data) {
        assertThat(CanonicalSpec.of(data.getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(streamsAsTheTreeConverts(data)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":1e5,\"b\":1.0,\"c\":1.50,\"d\":-0,\"e\":0.0000001,\"f\":123456789012345678901234567890,\"g\":1E400,"
            + "\"h\":-2147483649,\"i\":9223372036854775808,\"j\":-1.5e-3}",
        "{\"a\":\"\\u003c\\u0026\\/\\u00e9 \\ud83d\\ude00 😀 \\t\\u0001\",\"b\":[true,false,null,[],{}]}",
        "{\"id\":{\"x\":[1,{\"y\":2}]},\"title\":\"T\",\"uid\":[\"u\"],\"version\":3} trailing",
        "{\"a\":{\"b\":1,\"c\":{\"d\":[{\"e\":1,\"f\":2}]}},\"\\u00e9\":1,\"\\uffff\":2,\"\\ud83d\\ude00\":3}"
    })
    void valuesThatCouldTellThemApartStream(String data) {
        assertThat(streamsAsTheTreeConverts(data)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"b\":1,\"a\":2}", "{\"a\":{\"d\":1,\"c\":2}}", "{\"a\":[{\"y\":1,\"x\":2}]}", "{\"a\":1,\"a\":2}",
        "{\"a\":1,\"b\":{\"c\":1,\"c\":2}}", "{\"\\ud83d\\ude00\":1,\"\\uffff\":2}", "{\"a\":[1,2", "[1]", "", "{\"a\":tru}"
    })
    void modelsThatAreNotSortedOrNotObjectsGoThroughTheTree(String data) {
        assertThat(streamsAsTheTreeConverts(data)).isFalse();
    }
}
