package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.RecordingUpstream;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request body whose chunk framing is malformed never reaches the legacy side, with the fast lane (which hands every
 * request with a body to the chain) and without it: the caller gets 400 and a closed connection, the legacy side not a
 * byte. A well-formed one passes, extensions and trailer included, without the trailer fields that frame a message.
 */
class MalformedChunkedBodyIT {
    private static final String HEAD = "POST /api/chunked HTTP/1.1\r\nHost: g\r\nTransfer-Encoding: chunked\r\n\r\n";

    private static RecordingUpstream legacy;
    private static TestGateway laned;
    private static TestGateway chainOnly;

    @BeforeAll
    static void start() throws IOException {
        legacy = new RecordingUpstream();
        laned = TestGateway.start(legacy.url());
        chainOnly = TestGateway.start(legacy.url(), Map.of("server.fast-pass-through", "false"));
    }

    @AfterAll
    static void stop() throws IOException {
        laned.close();
        chainOnly.close();
        legacy.close();
    }

    @BeforeEach
    void forget() {
        legacy.reset();
    }

    private static TestGateway gateway(boolean fastLane) {
        return fastLane ? laned : chainOnly;
    }

    static Stream<Arguments> malformedBodies() {
        Stream<Arguments> bodies = Stream.of(
                Arguments.of("chunk data longer than its size", "3\r\nhelloX\r\n0\r\n\r\n"),
                Arguments.of("chunk data followed by a bare LF", "5\r\nhello\n0\r\n\r\n"),
                Arguments.of("an extension ended by a bare LF", "5;x\nhello\r\n0\r\n\r\n"),
                Arguments.of("chunk lines ended by bare LFs", "5\nhello\n0\n\n"),
                Arguments.of("junk after the size", "5zz\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("a size that is not hex", "zz\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("white space before the size", " 5\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("a size of more than 48 bits", "1000000000000\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("a size of 17 hex digits", "fffffffffffffffff\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("an extension name that is not a token", "5;x(y)\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("a control character in an extension", "5;x=\u0001\r\nhello\r\n0\r\n\r\n"),
                Arguments.of("a trailer field ended by a bare LF", "0\r\nX-T: 1\n\r\n"),
                Arguments.of("a trailer line that is not a field", "0\r\nno colon here\r\n\r\n"),
                Arguments.of("a folded trailer field", "0\r\nX-T: 1\r\n more\r\n\r\n"));
        return bodies.flatMap(body -> Stream.of(true, false).map(lane -> Arguments.of(body.get()[0], body.get()[1], lane)));
    }

    @ParameterizedTest(name = "{0}, fast lane {2}")
    @MethodSource("malformedBodies")
    void isAnswered400WithTheConnectionClosedAndNothingForwarded(String what, String body, boolean fastLane) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", gateway(fastLane).port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write((HEAD + body).getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = socket.getInputStream();

            RawHttp.Response answer = RawHttp.read(in);

            assertThat(answer.status()).as(what).isEqualTo(400);
            assertThat(answer.body()).contains("malformed chunked request body");
            assertThat(closed(socket)).as(what + ": the connection closed").isTrue();
        }
        Thread.sleep(200); // anything forwarded would have arrived by now
        assertThat(legacy.bytesReceived()).as(what + ": bytes that reached the legacy side").isZero();
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aMalformedChunkPastTheReadAheadCutsTheRequestBeforeItCompletesUpstream(boolean fastLane) throws Exception {
        StringBuilder body = new StringBuilder();
        String chunk = "a".repeat(8_000);
        for (int i = 0; i < 12; i++) {
            body.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        body.append("3\r\nhelloX\r\n0\r\n\r\n");
        double upstreamErrors = new AdminClient(gateway(fastLane)).metricSum("gateway_upstream_errors_total", "");
        try (Socket socket = new Socket("127.0.0.1", gateway(fastLane).port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write((HEAD + body).getBytes(StandardCharsets.ISO_8859_1));

            RawHttp.Response answer = RawHttp.read(socket.getInputStream());

            assertThat(answer.status()).as("the connection closed").isEqualTo(-1);
        }
        Thread.sleep(200);
        assertThat(legacy.bytesReceived()).as("bytes of the body forwarded before the bad chunk").isPositive();
        assertThat(legacy.requests()).as("requests the legacy side read whole").isEmpty();
        assertThat(new AdminClient(gateway(fastLane)).metricSum("gateway_upstream_errors_total", ""))
                .as("the caller's fault, not the legacy side's").isEqualTo(upstreamErrors);
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aWellFormedBodyPassesWithItsExtensionsAndTrailerButNotTheTrailersFramingFields(boolean fastLane) throws Exception {
        String body = "5;name=value;quoted=\"a b\"\r\nhello\r\n6 ; x\r\n world\r\n0\r\nX-Checksum: abc\r\nContent-Length: 50\r\n"
                + "Transfer-Encoding: gzip\r\nHost: evil.example\r\nConnection: close\r\nKeep-Alive: timeout=1\r\nTE: trailers\r\n"
                + "Trailer: X-Checksum\r\nUpgrade: h2c\r\nProxy-Authorization: Basic eDp5\r\n\r\n";

        RawHttp.Response answer = RawHttp.exchange(gateway(fastLane).port(), HEAD + body);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(legacy.requests()).singleElement().satisfies(seen -> {
            assertThat(seen.body()).isEqualTo("hello world");
            assertThat(seen.trailerNames()).containsExactly("x-checksum");
        });
    }

    private static boolean closed(Socket socket) throws IOException {
        return RawHttp.closedWithin(socket, 2_000);
    }
}
