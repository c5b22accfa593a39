package io.migrationgateway.gateway.lane;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.github.tomakehurst.wiremock.http.Fault;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The public port's fast lane, end to end over loopback: it serves plain pass-through requests itself, hands a
 * connection to the request chain at the first request it does not take, and forwards exactly what the chain's proxy
 * forwards (checked against a gateway with {@code server.fast-pass-through: false}, request for request).
 */
class FastLaneIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway laned;
    private static TestGateway chainOnly;

    @BeforeAll
    static void startGateways() {
        laned = TestGateway.start(legacy.baseUrl());
        chainOnly = TestGateway.start(legacy.baseUrl(), Map.of("server.fast-pass-through", "false"));
    }

    @AfterAll
    static void stopGateways() {
        laned.close();
        chainOnly.close();
    }

    @BeforeEach
    void answerEverything() {
        legacy.resetAll();
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("{\"ok\":true}")
                .withHeader("Content-Type", "application/json")));
    }

    private static double handOffs(TestGateway gateway) throws Exception {
        return new AdminClient(gateway).metricSum("gateway_fast_lane_handoffs_total", "");
    }

    @Test
    void plainRequestsStayInTheLaneAndTheFirstOtherRequestHandsTheConnectionToTheChain() throws Exception {
        double before = handOffs(laned);
        try (Socket socket = new Socket("127.0.0.1", laned.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 3; i++) {
                out.write(("GET /api/search?i=" + i + " HTTP/1.1\r\nHost: grafana.example\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                RawHttp.Response answer = RawHttp.read(in);
                assertThat(answer.status()).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("{\"ok\":true}");
                assertThat(answer.header("X-Request-Id")).matches("[0-9a-f]{32}");
            }
            assertThat(handOffs(laned)).isEqualTo(before);

            out.write("GET /apis HTTP/1.1\r\nHost: grafana.example\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response apis = RawHttp.read(in);
            assertThat(apis.status()).as("the Resource API asks for credentials").isEqualTo(401);
            assertThat(apis.body()).contains("\"kind\":\"Status\"");
            assertThat(handOffs(laned)).isEqualTo(before + 1);

            out.write("GET /api/search?after=handoff HTTP/1.1\r\nHost: grafana.example\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response after = RawHttp.read(in);
            assertThat(after.status()).as("the chain now serves this connection").isEqualTo(200);
            assertThat(after.body()).isEqualTo("{\"ok\":true}");
        }
        assertThat(legacy.findAll(anyRequestedFor(anyUrl()))).hasSize(4);
    }

    /**
     * A read of a resource in mode 1, sampled, whose chunked answer breaks off: the caller's connection is closed (it
     * cannot be told where the body ends) and the comparison is skipped as incomplete, not made on half an answer.
     */
    @Test
    void aSampledReadWhoseAnswerBreaksOffIsSkippedAsIncomplete() throws Exception {
        legacy.stubFor(get(urlPathEqualTo("/api/dashboards/uid/broken")).willReturn(aResponse().withFault(Fault.MALFORMED_RESPONSE_CHUNK)));
        try (TestGateway shadowing = TestGateway.start(legacy.baseUrl(), Map.of("shadow.resources.dashboards.sampling-rate", "1"))) {
            new AdminClient(shadowing).forceMode("dashboards.dashboard.grafana.app", null, 1);
            double handOffs = handOffs(shadowing);

            String received;
            try (Socket socket = new Socket("127.0.0.1", shadowing.port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(("GET /api/dashboards/uid/broken HTTP/1.1\r\nHost: grafana.example\r\n"
                        + "X-Grafana-Org-Id: 1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                received = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            }

            assertThat(received).as("the broken answer, then the connection closed").startsWith("HTTP/1.1 200");
            assertThat(handOffs(shadowing)).as("relayed by the fast lane").isEqualTo(handOffs);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (skipped(shadowing, "answer-incomplete") == 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(skipped(shadowing, "answer-incomplete")).isEqualTo(1);
            assertThat(skipped(shadowing, "")).as("skips for any reason").isEqualTo(1);
        }
    }

    private static double skipped(TestGateway gateway, String reason) throws Exception {
        return new AdminClient(gateway).metricSum("gateway_shadow_skipped_total", "reason=\"" + reason);
    }

    @Test
    void aLegacyUrlWithAPathPrefixLeavesEveryRequestToTheChainsProxy() throws Exception {
        try (TestGateway prefixed = TestGateway.start(legacy.baseUrl() + "/grafana")) {
            RawHttp.Response answer = RawHttp.exchange(prefixed.port(), "GET /api/search HTTP/1.1\r\nHost: a\r\n\r\n");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(onlyRequest().getUrl()).isEqualTo("/grafana/api/search");
            assertThat(handOffs(prefixed)).as("no lane, nothing handed off").isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void eachRequestIsLoggedOnceWithItsIdAndNeitherItsQueryNorItsHeaders(boolean fastLane) throws Exception {
        ch.qos.logback.classic.Logger access = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("access");
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> lines = new ch.qos.logback.core.read.ListAppender<>();
        lines.start();
        access.addAppender(lines);
        try (TestGateway logging = TestGateway.start(legacy.baseUrl(),
                Map.of("log.access", "true", "server.fast-pass-through", Boolean.toString(fastLane)))) {
            RawHttp.Response answer = RawHttp.exchange(logging.port(), "GET /api/search?token=s3cret HTTP/1.1\r\nHost: a\r\n"
                    + "Authorization: Bearer glsa_s3cret\r\nX-Request-Id: trace-me-1\r\n\r\n");
            assertThat(answer.status()).isEqualTo(200);
        } finally {
            access.detachAppender(lines);
        }
        assertThat(lines.list).hasSize(1);
        String line = lines.list.get(0).getFormattedMessage();
        assertThat(line).contains("request_id=trace-me-1", "method=GET", "path=/api/search", "status=200", "client=127.0.0.1")
                .doesNotContain("s3cret");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        for (String name : List.of("one", "two", "three")) {
            legacy.stubFor(get(urlPathEqualTo("/api/" + name)).willReturn(aResponse().withStatus(200).withBody(name)));
        }
        try (Socket socket = new Socket("127.0.0.1", laned.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET /api/one HTTP/1.1\r\nHost: a\r\n\r\nGET /api/two HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /api/three HTTP/1.1\r\nHost: a\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = socket.getInputStream();
            assertThat(RawHttp.read(in).body()).isEqualTo("one");
            assertThat(RawHttp.read(in).body()).isEqualTo("two");
            assertThat(RawHttp.read(in).body()).isEqualTo("three");
        }
    }

    @Test
    void theLaneForwardsWhatTheChainForwardsAndAnswersWhatItAnswers() throws Exception {
        List<String> requests = List.of(
                "GET /api/dashboards/uid/a%2Fb?x=1&y=%C3%A9 HTTP/1.1\r\nHost: grafana.example:3000\r\nAuthorization: Bearer glsa_x\r\n"
                        + "X-Grafana-Org-Id: 2\r\nAccept: application/json\r\n\r\n",
                "GET /api/search HTTP/1.1\r\nHost: grafana.example\r\nConnection: keep-alive, X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\n"
                        + "TE: trailers\r\nProxy-Authorization: Basic eDp5\r\nX-End-To-End: kept\r\n\r\n",
                "GET /api/search HTTP/1.1\r\nHost: grafana.example\r\nX-Forwarded-For: 203.0.113.7\r\nX-Forwarded-Proto: https\r\n"
                        + "X-Forwarded-Host: public.example\r\nX-Request-Id: caller-id-1\r\n\r\n",
                "DELETE /api/dashboards/uid/x HTTP/1.1\r\nHost: grafana.example\r\nContent-Length: 0\r\n\r\n",
                "HEAD /api/health HTTP/1.1\r\nHost: grafana.example\r\n\r\n",
                "OPTIONS /api/health HTTP/1.1\r\nHost: grafana.example\r\nX-Request-Id: <script>\r\n\r\n");
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(203).withBody("{\"ok\":true}")
                .withHeader("Content-Type", "application/json").withHeader("X-Legacy", "yes")
                .withHeader("Connection", "X-Internal").withHeader("X-Internal", "secret").withHeader("Keep-Alive", "timeout=5")));
        for (String request : requests) {
            legacy.resetRequests();
            RawHttp.Response viaLane = exchange(laned.port(), request);
            LoggedRequest seenViaLane = onlyRequest();
            legacy.resetRequests();
            RawHttp.Response viaChain = exchange(chainOnly.port(), request);
            LoggedRequest seenViaChain = onlyRequest();

            String first = request.lines().findFirst().orElseThrow();
            assertThat(seenViaLane.getMethod()).as(first).isEqualTo(seenViaChain.getMethod());
            assertThat(seenViaLane.getUrl()).as(first).isEqualTo(seenViaChain.getUrl());
            assertThat(upstreamHeaders(seenViaLane)).as(first).isEqualTo(upstreamHeaders(seenViaChain));
            assertThat(viaLane.status()).as(first).isEqualTo(viaChain.status());
            assertThat(viaLane.body()).as(first).isEqualTo(viaChain.body());
            assertThat(callerHeaders(viaLane)).as(first).isEqualTo(callerHeaders(viaChain));
            assertThat(viaLane.header("X-Request-Id")).as(first).isEqualTo(seenViaLane.getHeader("X-Request-Id"));
        }
    }

    /** One request on a new connection; an answer to HEAD is read without the body its fields describe. */
    private static RawHttp.Response exchange(int port, String request) throws IOException {
        if (!request.startsWith("HEAD ")) {
            return RawHttp.exchange(port, request);
        }
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                head.write(in.read());
            }
            String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
            List<String[]> fields = new ArrayList<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                fields.add(new String[] {lines[i].substring(0, colon).trim(), lines[i].substring(colon + 1).trim()});
            }
            return new RawHttp.Response(Integer.parseInt(lines[0].split(" ")[1]), fields, "");
        }
    }

    private static LoggedRequest onlyRequest() {
        List<LoggedRequest> seen = legacy.findAll(anyRequestedFor(anyUrl()));
        assertThat(seen).hasSize(1);
        return seen.get(0);
    }

    /**
     * The fields the legacy side saw, by lower-case name. Generated request ids differ by nature; Undertow's proxy also
     * sends {@code Connection: keep-alive} (HTTP/1.1's default), which the lane leaves out.
     */
    private static Map<String, String> upstreamHeaders(LoggedRequest request) {
        Map<String, String> fields = new TreeMap<>();
        for (var header : request.getHeaders().all()) {
            String name = header.key().toLowerCase(java.util.Locale.ROOT);
            if (name.equals("connection")) {
                continue;
            }
            String value = String.join(", ", header.values());
            if (name.equals("x-request-id") && value.matches("[0-9a-f]{32}")) {
                value = "<generated>";
            }
            fields.put(name, value);
        }
        return fields;
    }

    private static Map<String, String> callerHeaders(RawHttp.Response response) {
        Map<String, String> fields = new TreeMap<>();
        for (String[] header : response.headers()) {
            String name = header[0].toLowerCase(java.util.Locale.ROOT);
            if (name.equals("date")) {
                continue;
            }
            fields.put(name, name.equals("x-request-id") && header[1].matches("[0-9a-f]{32}") ? "<generated>" : header[1]);
        }
        return fields;
    }

    @Test
    void anIdempotentRequestWhoseConnectionBreaksBeforeAnAnswerIsSentAgainOnANewOne() throws Exception {
        try (ScriptedUpstream upstream = new ScriptedUpstream(number -> number == 1 ? null
                : "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
             TestGateway gateway = TestGateway.start(upstream.url())) {
            RawHttp.Response answer = RawHttp.exchange(gateway.port(), "GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("hello");
            assertThat(upstream.connections()).isEqualTo(2);
        }
        try (ScriptedUpstream upstream = new ScriptedUpstream(number -> null);
             TestGateway gateway = TestGateway.start(upstream.url(), Map.of("legacy.retries", "1"))) {
            RawHttp.Response post = RawHttp.exchange(gateway.port(), "POST /api/x HTTP/1.1\r\nHost: a\r\n\r\n");
            assertThat(post.status()).as("a POST is never sent twice").isEqualTo(502);
            assertThat(post.body()).contains("\"message\":\"Bad gateway");
            assertThat(upstream.connections()).isEqualTo(1);
        }
    }

    @Test
    void anAnswerWithoutALengthEndsWithTheConnection() throws Exception {
        try (ScriptedUpstream upstream = new ScriptedUpstream(number -> "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end");
             TestGateway gateway = TestGateway.start(upstream.url());
             Socket socket = new Socket("127.0.0.1", gateway.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(all).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nConnection: close\r\n").endsWith("\r\n\r\nuntil the end");
        }
    }

    @Test
    void aChunkedAnswerIsRelayedAsItCameAndTheUpstreamConnectionIsReused() throws Exception {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        try (ScriptedUpstream upstream = new ScriptedUpstream(number -> chunked, 3);
             TestGateway gateway = TestGateway.start(upstream.url());
             Socket socket = new Socket("127.0.0.1", gateway.port())) {
            socket.setSoTimeout(10_000);
            for (int i = 0; i < 3; i++) {
                socket.getOutputStream().write("GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                RawHttp.Response answer = RawHttp.read(socket.getInputStream());
                assertThat(answer.body()).isEqualTo("hello world");
            }
            assertThat(upstream.connections()).isEqualTo(1);
        }
    }

    @Test
    void anUpstreamConnectionPausedForASlowCallerIsReusedForTheNextRequest() throws Exception {
        // larger than the socket buffers between the lane and this caller can take, so the lane waits for it to the end
        int size = 8 * 1024 * 1024;
        String answer = "HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n\r\n" + "x".repeat(size);
        try (ScriptedUpstream upstream = new ScriptedUpstream(number -> answer, 2);
             TestGateway gateway = TestGateway.start(upstream.url(), Map.of("legacy.response-timeout", "3s"));
             Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", gateway.port()));
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write("GET /api/big HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            // read slowly: the lane waits for this caller again and again, its upstream's reads paused meanwhile
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            int headLength = -1;
            long read = 0;
            while (headLength < 0 || read < headLength + size) {
                int n = in.read(buffer);
                assertThat(n).as("the first answer ends").isPositive();
                read += n;
                if (headLength < 0) {
                    head.write(buffer, 0, n);
                    int end = head.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
                    headLength = end < 0 ? -1 : end + 4;
                }
                Thread.sleep(0, 100_000);
            }

            socket.getOutputStream().write("GET /api/big HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            RawHttp.Response second = RawHttp.read(in);

            assertThat(second.status()).as("answered on the same upstream connection, not timed out").isEqualTo(200);
            assertThat(second.body()).hasSize(size);
            assertThat(upstream.connections()).isEqualTo(1);
        }
    }

    /**
     * An upstream on a loopback socket that answers each connection's requests with the script's text for that
     * connection (numbered from 1), or closes the connection without a word when the script says null.
     */
    private static final class ScriptedUpstream implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        private final AtomicInteger connections = new AtomicInteger();
        private final List<Socket> open = new ArrayList<>();
        private final Thread acceptor;

        ScriptedUpstream(Function<Integer, String> script) throws IOException {
            this(script, 1);
        }

        ScriptedUpstream(Function<Integer, String> script, int requestsPerConnection) throws IOException {
            acceptor = Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket socket = server.accept();
                        synchronized (open) {
                            open.add(socket);
                        }
                        int number = connections.incrementAndGet();
                        Thread.ofVirtual().start(() -> serve(socket, script.apply(number), requestsPerConnection));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private static void serve(Socket socket, String answer, int requests) {
            try (socket) {
                InputStream in = socket.getInputStream();
                for (int i = 0; i < requests; i++) {
                    if (!readHead(in)) {
                        return;
                    }
                    if (answer == null) {
                        return;
                    }
                    socket.getOutputStream().write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    socket.getOutputStream().flush();
                }
                if (requests > 1) {
                    in.read(); // keep the connection until the gateway closes it
                }
            } catch (IOException e) {
                // the gateway closed it
            }
        }

        private static boolean readHead(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1) {
                head.write(b);
                if (head.size() >= 4 && head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                    return true;
                }
            }
            return false;
        }

        String url() {
            return "http://127.0.0.1:" + server.getLocalPort();
        }

        int connections() {
            return connections.get();
        }

        @Override
        public void close() throws IOException {
            server.close();
            synchronized (open) {
                for (Socket socket : open) {
                    socket.close();
                }
            }
            acceptor.interrupt();
        }
    }
}
