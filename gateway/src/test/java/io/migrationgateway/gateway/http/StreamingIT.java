package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.migrationgateway.gateway.testing.GatewayProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bodies stream both ways with heap growth under 32 MB. The gateway runs in its own JVM whose
 * whole heap is capped at {@value #HEAP_MB} MB; about 11 MB of it is live at rest (measured after a full
 * GC), so less than 32 MB is left for anything a request holds. A gateway that buffered 32 MB of a body
 * would fail with OutOfMemoryError and these transfers would not complete. (Undertow streams through
 * pooled direct buffers, so in practice the transfers allocate almost nothing on the heap.)
 */
class StreamingIT {
    private static final int HEAP_MB = 40;
    private static final long SIZE = 100L * 1024 * 1024;

    private static HttpServer legacy;
    private static GatewayProcess gateway;
    private static volatile CountDownLatch uploadAborted = new CountDownLatch(1);
    private static volatile CountDownLatch downloadAborted = new CountDownLatch(1);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() throws Exception {
        legacy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        legacy.setExecutor(Executors.newCachedThreadPool());
        legacy.createContext("/upload", StreamingIT::receive);
        legacy.createContext("/download", StreamingIT::send);
        legacy.start();
        gateway = GatewayProcess.start("http://127.0.0.1:" + legacy.getAddress().getPort(),
                List.of("-Xmx" + HEAP_MB + "m", "-XX:+UseG1GC"), Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
        legacy.stop(0);
    }

    @BeforeEach
    void resetLatches() {
        uploadAborted = new CountDownLatch(1);
        downloadAborted = new CountDownLatch(1);
    }

    /** Reads the whole body, answering its length and CRC; a body that ends early counts as aborted. */
    private static void receive(HttpExchange exchange) throws IOException {
        long expected = Long.parseLong(exchange.getRequestHeaders().getFirst("X-Expected-Length"));
        CRC32 crc = new CRC32();
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = exchange.getRequestBody()) {
            for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                total += n;
            }
        } catch (IOException cut) {
            uploadAborted.countDown();
            exchange.close();
            return;
        }
        if (total < expected) {
            uploadAborted.countDown();
        }
        byte[] answer = ("{\"bytes\":" + total + ",\"crc\":" + crc.getValue() + "}").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
    }

    /** Streams /download?size=N (fixed length) or /download?size=N&chunked (chunked) of the pattern. */
    private static void send(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        Matcher size = Pattern.compile("size=(\\d+)").matcher(query);
        size.find();
        long length = Long.parseLong(size.group(1));
        exchange.sendResponseHeaders(200, query.contains("chunked") ? 0 : length);
        try (OutputStream out = exchange.getResponseBody(); InputStream pattern = new PatternStream(length)) {
            pattern.transferTo(out);
        } catch (IOException clientGone) {
            downloadAborted.countDown();
        }
    }

    @Test
    void hundredMegabyteFixedLengthUploadStreamsThrough() throws Exception {
        assertUpload(HttpRequest.BodyPublishers.fromPublisher(
                HttpRequest.BodyPublishers.ofInputStream(() -> new PatternStream(SIZE)), SIZE));
    }

    @Test
    void hundredMegabyteChunkedUploadStreamsThrough() throws Exception {
        assertUpload(HttpRequest.BodyPublishers.ofInputStream(() -> new PatternStream(SIZE)));
    }

    private void assertUpload(HttpRequest.BodyPublisher body) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(gateway.uri("/upload"))
                .header("X-Expected-Length", Long.toString(SIZE)).POST(body).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"bytes\":" + SIZE + ",\"crc\":" + PatternStream.crcOf(SIZE) + "}");
        assertGatewayStillServes();
    }

    @Test
    void hundredMegabyteFixedLengthDownloadStreamsThrough() throws Exception {
        assertDownload("/download?size=" + SIZE, true);
    }

    @Test
    void hundredMegabyteChunkedDownloadStreamsThrough() throws Exception {
        assertDownload("/download?size=" + SIZE + "&chunked", false);
    }

    private void assertDownload(String path, boolean fixedLength) throws Exception {
        HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(gateway.uri(path)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        if (fixedLength) {
            assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(SIZE);
        } else {
            assertThat(response.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
        }
        CRC32 crc = new CRC32();
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = response.body()) {
            for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                total += n;
            }
        }
        assertThat(total).isEqualTo(SIZE);
        assertThat(crc.getValue()).isEqualTo(PatternStream.crcOf(SIZE));
        assertGatewayStillServes();
    }

    @Test
    void clientDisconnectingMidUploadFreesTheUpstreamConnection() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /upload HTTP/1.1\r\nHost: g\r\nX-Expected-Length: " + SIZE + "\r\nContent-Length: " + SIZE
                    + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            new PatternStream(1024 * 1024).transferTo(out);
            out.flush();
        }
        assertThat(uploadAborted.await(10, TimeUnit.SECONDS)).as("upstream saw the upload end").isTrue();
        assertGatewayStillServes();
    }

    @Test
    void clientDisconnectingMidDownloadFreesTheUpstreamConnection() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
            socket.getOutputStream().write(("GET /download?size=" + SIZE + " HTTP/1.1\r\nHost: g\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            assertThat(socket.getInputStream().readNBytes(1024 * 1024)).hasSize(1024 * 1024);
        }
        assertThat(downloadAborted.await(10, TimeUnit.SECONDS)).as("upstream saw the download cut").isTrue();
        assertGatewayStillServes();
    }

    private void assertGatewayStillServes() throws Exception {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(gateway.uri("/download?size=1000")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).hasSize(1000);
    }

    /** A deterministic byte pattern of a given length, generated on the fly. */
    static final class PatternStream extends InputStream {
        private final long length;
        private long position;

        PatternStream(long length) {
            this.length = length;
        }

        static long crcOf(long length) throws IOException {
            CRC32 crc = new CRC32();
            byte[] buffer = new byte[64 * 1024];
            try (PatternStream in = new PatternStream(length)) {
                for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                    crc.update(buffer, 0, n);
                }
            }
            return crc.getValue();
        }

        @Override
        public int read() {
            return position < length ? (int) ((position++ * 31 + 7) & 0xff) : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= length) {
                return -1;
            }
            int n = (int) Math.min(len, length - position);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) ((position++ * 31 + 7) & 0xff);
            }
            return n;
        }
    }
}
