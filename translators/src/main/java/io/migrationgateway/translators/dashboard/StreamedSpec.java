package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.JsonText;
import io.migrationgateway.translators.json.SortedKeys;
import java.io.IOException;
import java.util.Optional;

/**
 * A dashboard's spec as JSON text, streamed from the legacy model token by token: the text the converter's tree would
 * serialize to, without building the tree (for a 15 KB model the tree's parse and serialization were most of a copy's
 * CPU). It streams only models whose keys are already in Go's order at every level, each key once, as Grafana stores
 * them (a Go map written by encoding/json); for any other model (unsorted, a duplicate key, malformed) it answers
 * empty, and the caller converts through the tree, which sorts and reports.
 *
 * <p>Byte for byte what {@link Json#bytes} writes of the tree {@link Json#parse} reads: the same factory, every scalar
 * written from the value the tree would hold (floats as the {@code BigDecimal} it reads them as, integers by their
 * size), the legacy keys ({@code id}, {@code uid}, {@code version}) left out at the top, anything after the model
 * ignored.
 */
final class StreamedSpec {
    private StreamedSpec() {
    }

    /** The spec of {@code model} (UTF-8), or empty when the model must go through the tree. */
    static Optional<JsonText> of(byte[] model) {
        ByteArrayBuilder out = new ByteArrayBuilder(model.length);
        // written as UTF-8 as the tree is (Json.bytes): the UTF-8 generator writes characters outside the BMP as
        // escapes, a text one as they are
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(model);
             JsonGenerator generator = Json.MAPPER.getFactory().createGenerator(out)) {
            if (parser.nextToken() != JsonToken.START_OBJECT || !copyObject(parser, generator, true)) {
                return Optional.empty();
            }
            generator.flush();
            byte[] spec = out.toByteArray();
            return Optional.of(JsonText.of(spec, spec.length));
        } catch (IOException | RuntimeException notStreamable) {
            return Optional.empty();
        }
    }

    /** Copies the object the parser is at the start of; false when its keys are not strictly in Go's order. */
    private static boolean copyObject(JsonParser parser, JsonGenerator generator, boolean top) throws IOException {
        generator.writeStartObject();
        String previous = null;
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            if (previous != null && SortedKeys.GO_ORDER.compare(previous, key) >= 0) {
                return false;
            }
            previous = key;
            JsonToken value = parser.nextToken();
            if (top && DashboardViews.isLegacyKey(key)) {
                parser.skipChildren();
                continue;
            }
            generator.writeFieldName(key);
            if (!copyValue(parser, generator, value)) {
                return false;
            }
        }
        if (token != JsonToken.END_OBJECT) {
            return false;
        }
        generator.writeEndObject();
        return true;
    }

    private static boolean copyValue(JsonParser parser, JsonGenerator generator, JsonToken value) throws IOException {
        switch (value) {
            case START_OBJECT -> {
                return copyObject(parser, generator, false);
            }
            case START_ARRAY -> {
                generator.writeStartArray();
                JsonToken item;
                while ((item = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (item == null || !copyValue(parser, generator, item)) {
                        return false;
                    }
                }
                generator.writeEndArray();
            }
            case VALUE_STRING -> generator.writeString(parser.getTextCharacters(), parser.getTextOffset(),
                parser.getTextLength());
            case VALUE_NUMBER_INT -> {
                switch (parser.getNumberType()) {
                    case INT -> generator.writeNumber(parser.getIntValue());
                    case LONG -> generator.writeNumber(parser.getLongValue());
                    default -> generator.writeNumber(parser.getBigIntegerValue());
                }
            }
            case VALUE_NUMBER_FLOAT -> generator.writeNumber(parser.getDecimalValue());
            case VALUE_TRUE -> generator.writeBoolean(true);
            case VALUE_FALSE -> generator.writeBoolean(false);
            case VALUE_NULL -> generator.writeNull();
            default -> {
                return false;
            }
        }
        return true;
    }
}
