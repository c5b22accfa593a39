package io.migrationgateway.gateway.lane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ChunkedBodyEndTest {
    private static final String BODY = "4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Checksum: 1\r\n\r\n";

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void theEndIsFoundInOnePiece() {
        ByteBuffer buffer = bytes(BODY + "HTTP/1.1 200 OK");
        assertThat(new ChunkedBodyEnd(null).feed(buffer, 0, buffer.limit())).isEqualTo(BODY.length());
    }

    @Test
    void theEndIsFoundWhateverThePiecesAre() {
        ByteBuffer buffer = bytes(BODY);
        for (int piece = 1; piece <= 7; piece++) {
            ChunkedBodyEnd end = new ChunkedBodyEnd(null);
            int found = ChunkedBodyEnd.NOT_YET;
            for (int from = 0; from < buffer.limit() && found == ChunkedBodyEnd.NOT_YET; from += piece) {
                found = end.feed(buffer, from, Math.min(buffer.limit(), from + piece));
            }
            assertThat(found).as("pieces of %d bytes", piece).isEqualTo(BODY.length());
        }
    }

    @Test
    void theDataIsCopiedWithoutItsFramingWhateverThePiecesAre() {
        ByteBuffer buffer = bytes(BODY);
        for (int piece = 1; piece <= 7; piece++) {
            BodyCopy copy = new BodyCopy(1_000);
            ChunkedBodyEnd end = new ChunkedBodyEnd(copy);
            for (int from = 0; from < buffer.limit(); from += piece) {
                end.feed(buffer, from, Math.min(buffer.limit(), from + piece));
            }
            assertThat(new String(copy.bytes(), StandardCharsets.ISO_8859_1)).as("pieces of %d bytes", piece)
                    .isEqualTo("Wikipedia in\r\n\r\nchunks.");
        }
    }

    @Test
    void aCopyLongerThanItsCapIsGivenUp() {
        BodyCopy copy = new BodyCopy(8);
        ByteBuffer buffer = bytes(BODY);
        new ChunkedBodyEnd(copy).feed(buffer, 0, buffer.limit());
        assertThat(copy.bytes()).isNull();
        BodyCopy exact = new BodyCopy(9);
        ByteBuffer nine = bytes("9\r\nWikipedia\r\n0\r\n\r\n");
        new ChunkedBodyEnd(exact).feed(nine, 0, nine.limit());
        assertThat(exact.bytes()).asString(StandardCharsets.ISO_8859_1).isEqualTo("Wikipedia");
    }

    @Test
    void aBodyWithoutTrailersEndsAfterTheLastChunk() {
        ByteBuffer buffer = bytes("3\r\nabc\r\n0\r\n\r\n");
        assertThat(new ChunkedBodyEnd(null).feed(buffer, 0, buffer.limit())).isEqualTo(buffer.limit());
    }

    @Test
    void aBodyThatIsNotChunkedIsMalformed() {
        for (String bad : new String[] {"x\r\n", "3\r\nabcX", "3\nabc\r\n", "3\r\nabc\r\n0\r\nbad\n"}) {
            ByteBuffer buffer = bytes(bad);
            assertThat(new ChunkedBodyEnd(null).feed(buffer, 0, buffer.limit())).as(bad).isEqualTo(ChunkedBodyEnd.MALFORMED);
        }
    }

    @Test
    void anUnfinishedBodyIsNotYetOver() {
        ByteBuffer buffer = bytes("3\r\nabc\r\n0\r\n");
        assertThat(new ChunkedBodyEnd(null).feed(buffer, 0, buffer.limit())).isEqualTo(ChunkedBodyEnd.NOT_YET);
    }
}
