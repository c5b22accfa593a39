package io.migrationgateway.gateway.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP relay on loopback in front of a legacy side that forwards every request, and holds the requests it is told
 * to: before forwarding one (the legacy side never sees it) or after the legacy side answered it (the write happened,
 * its caller does not know yet), while a test stops the caller. A held request goes on at {@link #releaseAll}, on
 * {@link #close}, or after {@code maxHold} at the latest; one held before forwarding is then answered 503, never
 * forwarded.
 */
public final class HoldingLegacyProxy implements AutoCloseable {
    /** Where a held request waits. */
    public enum HoldPoint { BEFORE_FORWARDING, AFTER_THE_LEGACY_ANSWER }

    /** A request to hold, once: the next {@code method} request to {@code path} that mentions {@code mentioning}. */
    public static final class Hold {
        private final String method;
        private final String path;
        private final String mentioning;
        private final HoldPoint point;
        private final CountDownLatch reached = new CountDownLatch(1);

        private Hold(String method, String path, String mentioning, HoldPoint point) {
            this.method = method;
            this.path = path;
            this.mentioning = mentioning;
            this.point = point;
        }

        private boolean matches(String requestMethod, String requestPath, String body) {
            return method.equals(requestMethod) && path.equals(requestPath)
                    && (requestPath.contains(mentioning) || body.contains(mentioning));
        }

        /** Whether the request is held now, waiting at most {@code timeout} for it to arrive. */
        public boolean awaitHeld(Duration timeout) throws InterruptedException {
            return reached.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Request headers the JDK client sets itself or refuses; they are not relayed. */
    private static final Set<String> NOT_RELAYED = Set.of("host", "connection", "content-length", "expect", "upgrade",
            "transfer-encoding", "keep-alive");
    /** Answer headers that frame the legacy answer, which the relay's own answer sets anew. */
    private static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding", "connection");

    private final String target;
    private final Duration maxHold;
    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<Hold> armed = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch released = new CountDownLatch(1);

    public HoldingLegacyProxy(String targetUrl, Duration maxHold) throws IOException {
        this.target = targetUrl.replaceAll("/+$", "");
        this.maxHold = maxHold;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::relay);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Holds the next {@code method} request to {@code path} that mentions {@code mentioning} at {@code point}. */
    public Hold hold(String method, String path, String mentioning, HoldPoint point) {
        Hold hold = new Hold(method, path, mentioning, point);
        armed.add(hold);
        return hold;
    }

    /** Lets every held request go on (their callers may be gone by then); later holds wait anew. */
    public void releaseAll() {
        CountDownLatch holding = released;
        released = new CountDownLatch(1);
        holding.countDown();
    }

    private void relay(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getRawPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            String text = new String(body, StandardCharsets.UTF_8);
            Hold hold = armed.stream().filter(h -> h.matches(method, path, text) && armed.remove(h)).findFirst().orElse(null);
            CountDownLatch holding = released;
            if (hold != null && hold.point == HoldPoint.BEFORE_FORWARDING) {
                hold.reached.countDown();
                holding.await(maxHold.toMillis(), TimeUnit.MILLISECONDS);
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            HttpResponse<byte[]> answer = forward(exchange, method, body);
            if (hold != null) {
                hold.reached.countDown();
                holding.await(maxHold.toMillis(), TimeUnit.MILLISECONDS);
            }
            answer.headers().map().forEach((name, values) -> {
                if (!FRAMING.contains(name.toLowerCase(Locale.ROOT))) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            byte[] bytes = answer.body();
            exchange.sendResponseHeaders(answer.statusCode(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
        } catch (IOException | InterruptedException callerOrTargetGone) {
            // the caller was stopped while its request was held, or the legacy side closed: nothing to answer
        }
    }

    private HttpResponse<byte[]> forward(HttpExchange exchange, String method, byte[] body)
            throws IOException, InterruptedException {
        URI uri = exchange.getRequestURI();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + uri.getRawPath()
                        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())))
                .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
            if (!NOT_RELAYED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                header.getValue().forEach(value -> request.header(header.getKey(), value));
            }
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() {
        releaseAll();
        server.stop(0);
        client.close();
    }
}
