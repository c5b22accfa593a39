package io.migrationgateway.gateway.lane;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.RawHttp;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Slowloris on the http port, with the fast lane and without it: a head must be whole within
 * {@code server.request-head-timeout} of its first byte however steadily its bytes come, and past
 * {@code server.max-connections-reading-head} heads at once the oldest one's connection is closed, while ordinary
 * requests are answered.
 */
class SlowRequestHeadsIT {
    private static final String SLOW_HEAD = "GET /api/search HTTP/1.1\r\nHost: a\r\nX-Slow: ";
    private static final String REQUEST = "GET /api/search HTTP/1.1\r\nHost: a\r\n\r\n";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    /** Gateways with a one-second head deadline, by whether the fast lane is on. */
    private static final Map<Boolean, TestGateway> ONE_SECOND_HEADS = new HashMap<>();

    @BeforeAll
    static void startGateways() {
        for (boolean fastLane : new boolean[] {true, false}) {
            ONE_SECOND_HEADS.put(fastLane, start(fastLane, Map.of("server.request-head-timeout", "1s")));
        }
    }

    @AfterAll
    static void stopGateways() {
        ONE_SECOND_HEADS.values().forEach(TestGateway::close);
    }

    @BeforeEach
    void answerEverything() {
        legacy.resetAll();
        legacy.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
    }

    private static TestGateway start(boolean fastLane, Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("server.fast-pass-through", Boolean.toString(fastLane));
        return TestGateway.start(legacy.baseUrl(), all);
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aHeadTricklingInIsClosedAtItsDeadlineThoughAByteKeepsComing(boolean fastLane) throws Exception {
        TestGateway gateway = ONE_SECOND_HEADS.get(fastLane);
        double closed = new AdminClient(gateway).metricSum("gateway_slow_heads_closed_total", "reason=\"timeout\"");
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<CompletableFuture<Long>> lifetimes = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                // a new connection's head; a kept-alive connection's next head; a head whose folded line, 800 ms into it,
                // sends it from the lane to the chain half-read, where its deadline still counts from its first byte
                boolean afterARequest = i % 3 == 1;
                long foldAfter = i % 3 == 2 ? 800 : -1;
                lifetimes.add(CompletableFuture.supplyAsync(() -> trickle(gateway.port(), afterARequest, foldAfter), callers));
            }
            for (int i = 0; i < lifetimes.size(); i++) {
                long millis = lifetimes.get(i).get(10, TimeUnit.SECONDS);
                assertThat(millis).as("from the head's first byte to the close").isBetween(900L, i % 3 == 2 ? 1_500L : 2_500L);
            }
            assertThat(new AdminClient(gateway).metricSum("gateway_slow_heads_closed_total", "reason=\"timeout\"")).isEqualTo(closed + 6);
            assertThat(RawHttp.exchange(gateway.port(), REQUEST).status()).isEqualTo(200);
        }
    }

    /**
     * Sends part of a head, then a byte every 200 ms until the gateway closes the connection.
     *
     * @param foldAfterMillis when to start a folded field line (obs-fold, which the lane leaves to the chain), or -1
     * @return milliseconds from the head's first byte to the close
     */
    private static long trickle(int port, boolean afterARequest, long foldAfterMillis) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            if (afterARequest) {
                out.write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
                assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(200);
            }
            long first = System.nanoTime();
            out.write(SLOW_HEAD.getBytes(StandardCharsets.ISO_8859_1));
            socket.setSoTimeout(200);
            boolean folded = false;
            while (System.nanoTime() - first < TimeUnit.SECONDS.toNanos(8)) {
                try {
                    if (socket.getInputStream().read() < 0) {
                        break;
                    }
                    throw new AssertionError("an answer to half a head");
                } catch (SocketTimeoutException stillOpen) {
                    if (!folded && foldAfterMillis >= 0 && System.nanoTime() - first >= TimeUnit.MILLISECONDS.toNanos(foldAfterMillis)) {
                        out.write("\r\n folded".getBytes(StandardCharsets.ISO_8859_1));
                        folded = true;
                    }
                    out.write('a');
                } catch (SocketException reset) {
                    break;
                }
            }
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - first);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void aBodySentSlowlyIsNotHeldToTheHeadDeadline(boolean fastLane) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", ONE_SECOND_HEADS.get(fastLane).port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("POST /api/slow-body HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < 8; i++) {
                Thread.sleep(250);
                out.write('b');
            }

            assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(200);
            assertThat(legacy.findAll(postRequestedFor(urlEqualTo("/api/slow-body")))).singleElement()
                    .satisfies(seen -> assertThat(seen.getBodyAsString()).isEqualTo("bbbbbbbb"));
        }
    }

    @ParameterizedTest(name = "fast lane {0}")
    @ValueSource(booleans = {true, false})
    void headsBeyondTheLimitCloseTheOldestWhileRequestsAreAnswered(boolean fastLane) throws Exception {
        // one IO thread, so that the limit and the order are the port's, not a thread's share of them
        try (TestGateway gateway = start(fastLane, Map.of("server.io-threads", "1", "server.max-connections-reading-head", "3",
                "server.request-head-timeout", "30s"));
             Socket keptAlive = new Socket("127.0.0.1", gateway.port())) {
            keptAlive.setSoTimeout(10_000);
            List<Socket> first = slowHeads(gateway.port(), 3);
            List<Socket> second = slowHeads(gateway.port(), 3);

            for (Socket pushedOut : first) {
                assertThat(closedByGateway(pushedOut)).as("an older head").isTrue();
            }
            for (Socket kept : second) {
                assertThat(closedByGateway(kept)).as("one of the newest heads").isFalse();
            }
            keptAlive.getOutputStream().write(REQUEST.getBytes(StandardCharsets.ISO_8859_1));
            assertThat(RawHttp.read(keptAlive.getInputStream()).status()).isEqualTo(200);
            assertThat(closedByGateway(second.get(0))).as("the oldest head, pushed out by the request's").isTrue();
            assertThat(RawHttp.exchange(gateway.port(), REQUEST).status()).as("on a new connection").isEqualTo(200);
            assertThat(closedByGateway(second.get(2))).as("the newest slow head").isFalse();
            assertThat(new AdminClient(gateway).metricSum("gateway_slow_heads_closed_total", "reason=\"limit\""))
                    .as("three pushed out by slow heads, one by a request's").isEqualTo(4);
            for (Socket socket : second) {
                socket.close();
            }
        }
    }

    /** Opens {@code count} connections that each send part of a head, once the gateway has read the one before. */
    private static List<Socket> slowHeads(int port, int count) throws IOException, InterruptedException {
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket("127.0.0.1", port);
            socket.getOutputStream().write(SLOW_HEAD.getBytes(StandardCharsets.ISO_8859_1));
            sockets.add(socket);
            Thread.sleep(100);
        }
        return sockets;
    }

    private static boolean closedByGateway(Socket socket) throws IOException {
        return RawHttp.closedWithin(socket, 300);
    }
}
