package io.migrationgateway.gateway.lane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseHeadTest {
    private final ResponseHead head = new ResponseHead(64);

    private ResponseHead.Verdict parse(String text, boolean headRequest) {
        ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
        buffer.put(text.getBytes(StandardCharsets.ISO_8859_1));
        return head.parse(buffer, buffer.position(), headRequest);
    }

    @Test
    void aLengthFramesTheBody() {
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}", false))
                .isEqualTo(ResponseHead.Verdict.COMPLETE);
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.LENGTH);
        assertThat(head.contentLength()).isEqualTo(11);
        assertThat(head.length()).isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n".length());
        assertThat(head.reusable()).isTrue();
    }

    @Test
    void theFramingFollowsRfc9112() {
        parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.CHUNKED);
        parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.UNTIL_CLOSE);
        assertThat(head.reusable()).isFalse();
        parse("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.UNTIL_CLOSE);
        parse("HTTP/1.1 200 OK\r\nContent-Length: 2672\r\n\r\n", true);
        assertThat(head.framing()).as("an answer to HEAD").isEqualTo(ResponseHead.Framing.NONE);
        parse("HTTP/1.1 304 Not Modified\r\nContent-Length: 2672\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.NONE);
        parse("HTTP/1.1 204 No Content\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.NONE);
        parse("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false);
        assertThat(head.framing()).isEqualTo(ResponseHead.Framing.NONE);
    }

    @Test
    void anUpstreamThatClosesAfterItsAnswerIsNotReused() {
        parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", false);
        assertThat(head.reusable()).isFalse();
        parse("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false);
        assertThat(head.reusable()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
            "HTTP/1.1 100 Continue\r\n\r\n",
            "HTTP/2 200\r\n\r\n",
            "garbage garbage garbage\r\n\r\n",
            "HTTP/1.1 200 OK\r\nX-A: 1\nX-B: 2\r\n\r\n",
    })
    void whatIsNotAnAnswerToRelayIsMalformed(String text) {
        assertThat(parse(text, false)).isEqualTo(ResponseHead.Verdict.MALFORMED);
    }

    @Test
    void theCallerGetsTheEndToEndFieldsAndTheGatewaysRequestId() {
        parse("HTTP/1.0 404 Not Found\r\nContent-Type: application/json\r\nConnection: keep-alive, X-Internal\r\n"
                + "X-Internal: secret\r\nKeep-Alive: timeout=5\r\nX-Request-Id: upstream-id\r\nX-Legacy: yes\r\n"
                + "Content-Length: 2\r\n\r\n{}", false);
        ByteBuffer out = ByteBuffer.allocate(4096);
        head.writeForClient(out, id("req-1"), false);
        String written = new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
        assertThat(written).isEqualTo("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nX-Legacy: yes\r\n"
                + "Content-Length: 2\r\nX-Request-Id: req-1\r\nConnection: keep-alive\r\n\r\n");

        out.clear();
        head.writeForClient(out, id("req-2"), true);
        assertThat(new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1))
                .endsWith("X-Request-Id: req-2\r\nConnection: close\r\n\r\n");
    }

    private static RequestIdBytes id(String text) {
        RequestIdBytes id = new RequestIdBytes();
        id.keepOrMake(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)), 0, text.length());
        return id;
    }

    @Test
    void aHeadCutShortIsIncomplete() {
        assertThat(parse("HTTP/1.1 200 OK\r\nContent-Len", false)).isEqualTo(ResponseHead.Verdict.INCOMPLETE);
        assertThat(parse("HTTP/1.1 2", false)).isEqualTo(ResponseHead.Verdict.INCOMPLETE);
    }
}
