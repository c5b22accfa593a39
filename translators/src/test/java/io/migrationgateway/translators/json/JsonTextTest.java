package io.migrationgateway.translators.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** JSON text held as UTF-8 bytes is written as that text by every kind of Jackson generator. */
class JsonTextTest {
    private static final String SPEC = "{\"title\":\"Tür \\\"q\\\" 😀\",\"n\":1.50}";

    /** The spec's bytes followed by bytes that are not part of it, as the copy's cut leaves its buffer. */
    private static JsonText spec() {
        byte[] utf8 = SPEC.getBytes(StandardCharsets.UTF_8);
        byte[] buffer = Arrays.copyOf(utf8, utf8.length + 7);
        Arrays.fill(buffer, utf8.length, buffer.length, (byte) 'X');
        return JsonText.of(buffer, utf8.length);
    }

    private static ObjectNode withRawSpec(JsonText text) {
        ObjectNode object = Json.MAPPER.createObjectNode().put("kind", "Dashboard");
        object.putRawValue("spec", new RawValue(text));
        return object;
    }

    @Test
    void aUtf8GeneratorWritesTheBytesAndACharacterGeneratorTheTextUpToTheLength() throws Exception {
        String expected = "{\"kind\":\"Dashboard\",\"spec\":" + SPEC + "}";

        assertThat(new String(Json.MAPPER.writeValueAsBytes(withRawSpec(spec())), StandardCharsets.UTF_8))
            .isEqualTo(expected);
        assertThat(Json.MAPPER.writeValueAsString(withRawSpec(spec()))).isEqualTo(expected);
        assertThat(Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(withRawSpec(spec()))).at("/spec/title").asText())
            .isEqualTo("Tür \"q\" 😀");
    }

    @Test
    void theUnquotedFormsAreTheTextAndTheQuotedOnesTheTextAsAJsonString() throws Exception {
        JsonText text = spec();
        byte[] utf8 = SPEC.getBytes(StandardCharsets.UTF_8);
        SerializedString reference = new SerializedString(SPEC);

        assertThat(text.getValue()).isEqualTo(SPEC).isEqualTo(text.toString());
        assertThat(text.charLength()).isEqualTo(SPEC.length());
        assertThat(text.asUnquotedUTF8()).isEqualTo(utf8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(text.writeUnquotedUTF8(out)).isEqualTo(utf8.length);
        assertThat(out.toByteArray()).isEqualTo(utf8);
        byte[] room = new byte[utf8.length + 2];
        assertThat(text.appendUnquotedUTF8(room, 2)).isEqualTo(utf8.length);
        assertThat(Arrays.copyOfRange(room, 2, room.length)).isEqualTo(utf8);
        assertThat(text.appendUnquotedUTF8(new byte[utf8.length], 1)).isEqualTo(-1);
        assertThat(text.putUnquotedUTF8(ByteBuffer.allocate(utf8.length - 1))).isEqualTo(-1);
        char[] chars = new char[SPEC.length()];
        assertThat(text.appendUnquoted(chars, 0)).isEqualTo(SPEC.length());
        assertThat(new String(chars)).isEqualTo(SPEC);

        assertThat(text.asQuotedUTF8()).isEqualTo(reference.asQuotedUTF8());
        assertThat(text.asQuotedChars()).isEqualTo(reference.asQuotedChars());
        ByteBuffer quoted = ByteBuffer.allocate(200);
        assertThat(text.putQuotedUTF8(quoted)).isEqualTo(reference.asQuotedUTF8().length);
    }

    @Test
    void aLengthBeyondTheBytesIsRefused() {
        assertThatThrownBy(() -> JsonText.of(new byte[3], 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JsonText.of(new byte[3], -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
