package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkFramingTest {
    /** Feeds {@code body} in pieces of {@code piece} bytes; the first answer that is not {@link ChunkFraming#NOT_YET}. */
    private static int feed(String body, int piece) {
        ByteBuffer buffer = ByteBuffer.wrap(body.getBytes(StandardCharsets.ISO_8859_1));
        ChunkFraming framing = new ChunkFraming();
        int found = ChunkFraming.NOT_YET;
        for (int from = 0; from < buffer.limit() && found == ChunkFraming.NOT_YET; from += piece) {
            found = framing.feed(buffer, from, Math.min(buffer.limit(), from + piece));
        }
        return found;
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "0\r\n\r\n",
            "4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n",
            "00000A\r\n0123456789\r\n0\r\n\r\n",
            "5;name\r\nhello\r\n0\r\n\r\n",
            "5;name=value;other=\"a \\\"quoted\\\" b\"\r\nhello\r\n0;last\r\n\r\n",
            "5 ; name = value ;x\r\nhello\r\n0\r\n\r\n",
            "e\r\n in\r\n\r\nchunks.\r\n0\r\n\r\n",
            "5\r\nhello\r\n0\r\nX-Checksum: abc\r\nX-Empty:\r\nX-Text: caf\u00e9 \t ok\r\n\r\n"})
    void wellFormedFramingEndsJustAfterItsLastByteWhateverThePieces(String body) {
        for (int piece = 1; piece <= 7; piece++) {
            assertThat(feed(body, piece)).as("pieces of %d bytes", piece).isEqualTo(body.length());
            assertThat(feed(body + "POST / HTTP/1.1\r\n", piece)).as("followed by a request, pieces of %d bytes", piece)
                    .isEqualTo(body.length());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "3\r\nhelloX\r\n0\r\n\r\n",
            "5\r\nhello\n0\r\n\r\n",
            "5\r\nhello0\r\n\r\n",
            "5;x\nhello\r\n0\r\n\r\n",
            "5\nhello\n0\n\n",
            "5zz\r\nhello\r\n0\r\n\r\n",
            "5 \r\nhello\r\n0\r\n\r\n",
            "zz\r\nhello\r\n0\r\n\r\n",
            "\r\nhello\r\n0\r\n\r\n",
            " 5\r\nhello\r\n0\r\n\r\n",
            "+5\r\nhello\r\n0\r\n\r\n",
            "1000000000000\r\nhello\r\n0\r\n\r\n",
            "00000000000000005\r\nhello\r\n0\r\n\r\n",
            "5;\r\nhello\r\n0\r\n\r\n",
            "5;x(y)\r\nhello\r\n0\r\n\r\n",
            "5;x=\r\nhello\r\n0\r\n\r\n",
            "5;x=\"open\r\nhello\r\n0\r\n\r\n",
            "5;x=\u0001\r\nhello\r\n0\r\n\r\n",
            "5;x\ry\r\nhello\r\n0\r\n\r\n",
            "0\r\nX-T: 1\n\r\n",
            "0\r\nno colon here\r\n\r\n",
            "0\r\nX-T: 1\r\n more\r\n\r\n",
            "0\r\nX T: 1\r\n\r\n",
            "0\r\nX-T: a\u0000b\r\n\r\n",
            "0\r\n\n",
            "0\r\n\r\r"})
    void malformedFramingIsFoundWhateverThePieces(String body) {
        for (int piece = 1; piece <= 7; piece++) {
            assertThat(feed(body, piece)).as("pieces of %d bytes", piece).isEqualTo(ChunkFraming.MALFORMED);
        }
    }
}
