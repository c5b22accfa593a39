package io.migrationgateway.gateway.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.http.HopByHop;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

/**
 * The one way the gateway reaches the legacy side itself, outside the streaming proxy: a single JDK {@link HttpClient}
 * (its connection pool and threads) with {@code legacy.connect-timeout} and {@code legacy.response-timeout}, the
 * legacy circuit breaker (which the proxy and the fast lane share, through {@link LegacyUpstream}), and the rules for
 * which headers go to the legacy side and which come back. Its callers: the calls of a translator's {@link ResourcePlan}
 * ({@link #run}), whole requests forwarded for a caller when the gateway must see the answer before the caller does
 * ({@link #forward}, mode 2 writes; {@link #get}, shadow reads), the identity lookups of the Resource API
 * ({@link #getAsync}) and the readiness probe ({@link #isAlive}, {@link #hostAnswers}).
 *
 * <p>A failure caused by an {@link OutOfMemoryError} halts the gateway ({@link OutOfMemoryPolicy}): the JDK client
 * turns one into an {@link java.io.IOException}, and one that ended its selector thread into a "selector manager
 * closed" failure of every later call, which would otherwise leave the gateway serving 503 for good. Thread-safe;
 * the blocking methods are for worker and shadow threads.
 */
public final class LegacyClient implements AutoCloseable {
    /** The circuit breaker's name, also its {@code name} tag in metrics. */
    public static final String NAME = "legacy";

    /** Request headers the HTTP client sets itself, so never copied from the caller's (besides the hop-by-hop ones). */
    private static final Set<String> SET_BY_CLIENT = Set.of("host", "content-length", "expect", "transfer-encoding");
    /** Answer headers that frame the legacy answer, which the gateway's own answer sets anew. */
    private static final Set<String> FRAMING = Set.of("content-length", "transfer-encoding");

    private final HttpClient http;
    private final String base;
    private final URI health;
    private final Duration connectTimeout;
    private final Duration timeout;
    private final CircuitBreaker breaker;
    /** Told how long each blocking call took (the metrics' legacy-side latency); a no-op until set. */
    private volatile java.util.function.LongConsumer callTimes = nanos -> { };

    /** A client of {@code config.url()}, with a new circuit breaker made from {@code legacy.breaker}. */
    public LegacyClient(LegacyConfig config) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1) // no h2c upgrade attempt on every plain-http call
                .build();
        this.base = config.url().toString().replaceAll("/+$", ""); // keep a path prefix such as /grafana
        this.health = URI.create(base + config.healthPath());
        this.connectTimeout = config.connectTimeout();
        this.timeout = config.responseTimeout();
        this.breaker = CircuitBreaker.of(NAME, breakerConfig(config.breaker()));
    }

    private static CircuitBreakerConfig breakerConfig(LegacyConfig.BreakerConfig config) {
        return CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(config.slidingWindowSize())
                .minimumNumberOfCalls(config.minimumCalls())
                .failureRateThreshold(config.failureRateThreshold())
                .waitDurationInOpenState(config.openDuration())
                .permittedNumberOfCallsInHalfOpenState(config.halfOpenCalls())
                .automaticTransitionFromOpenToHalfOpenEnabled(false)
                .build();
    }

    /** A legacy answer as the caller would see it: status, response headers worth passing on, body. */
    public record Forwarded(int status, Map<String, List<String>> headers, byte[] body) {
        /** The answer as a {@link LegacyResponse} (a body that is not JSON becomes its message). */
        public LegacyResponse response() {
            return LegacyClient.answer(status, body);
        }
    }

    /** The legacy circuit breaker: every call of this client goes through it, and so do the proxy's. */
    public CircuitBreaker breaker() {
        return breaker;
    }

    /** From now on, tells {@code nanos} how long each call to the legacy side took, answered or not. */
    public void timeCallsWith(java.util.function.LongConsumer nanos) {
        this.callTimes = nanos;
    }

    /**
     * Runs {@code plan} against the legacy side, each call with {@code authorization}.
     *
     * @throws LegacyUnavailableException when a call gets no answer
     */
    public ResourceOutcome run(ResourcePlan plan, String authorization) {
        return plan.run(call -> send(call, authorization));
    }

    /** One plan call: {@code X-Grafana-Org-Id} names its org. */
    LegacyResponse send(LegacyCall call, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + call.path()))
                .timeout(timeout)
                .header("Accept", "application/json")
                .header("X-Grafana-Org-Id", Long.toString(call.orgId()));
        if (!authorization.isEmpty()) {
            request.header("Authorization", authorization);
        }
        if (call.body().isMissingNode()) {
            request.method(call.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(call.method(), HttpRequest.BodyPublishers.ofByteArray(Json.bytes(call.body())));
        }
        Forwarded answer = exchange(request.build());
        return answer(answer.status(), answer.body());
    }

    /**
     * Forwards a caller's request unchanged but for hop-by-hop headers.
     *
     * @param pathAndQuery the raw path and query as the caller sent them
     * @param headers      the caller's request headers
     * @throws LegacyUnavailableException when no answer came
     */
    public Forwarded forward(String method, String pathAndQuery, Map<String, List<String>> headers, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(timeout)
                .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        forEachForwarded(headers, request::header);
        return exchange(request.build());
    }

    /**
     * Forwards a caller's GET as {@link #forward} does, but does all of the call's work on the calling thread: a blocking
     * {@link HttpURLConnection} (directly to {@code legacy.url}, whatever the JVM's proxy settings; redirects are
     * answers, as {@link #forward}'s are) instead of the JDK {@link HttpClient}, whose selector and worker threads
     * would do most of it at normal CPU priority. For shadow work, whose threads run at the lowest priority so that the
     * answering path gets the cores first (docs/decisions/shadow-cpu-budget.md). {@code legacy.response-timeout} bounds
     * each read from the socket here, not the whole call; the shadow time limit bounds that.
     *
     * @param pathAndQuery the raw path and query as the caller sent them
     * @param headers      the request headers (hop-by-hop ones are not sent)
     * @throws LegacyUnavailableException when no answer came
     */
    public Forwarded get(String pathAndQuery, Map<String, List<String>> headers) {
        URI uri = URI.create(base + pathAndQuery);
        long start = System.nanoTime();
        try {
            return breaker.executeCallable(() -> {
                HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
                connection.setInstanceFollowRedirects(false);
                connection.setUseCaches(false);
                connection.setConnectTimeout(Math.toIntExact(connectTimeout.toMillis()));
                connection.setReadTimeout(Math.toIntExact(timeout.toMillis()));
                forEachForwarded(headers, connection::addRequestProperty);
                int status = connection.getResponseCode();
                byte[] body;
                // read to the end and closed, so that the connection goes back to the JDK's keep-alive cache
                try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
                    body = in == null ? new byte[0] : in.readAllBytes();
                }
                return new Forwarded(status, returned(connection.getHeaderFields()), body);
            });
        } catch (Exception e) {
            throw noAnswer("GET", uri, e);
        } finally {
            callTimes.accept(System.nanoTime() - start);
        }
    }

    /**
     * A GET that does not block: the future completes on the client's threads with the answer, whatever its status, or
     * fails with {@link LegacyUnavailableException} when none came (or the breaker is open).
     *
     * @param pathAndQuery the raw path and query
     * @param headers      the request headers (hop-by-hop ones are not sent)
     * @throws IllegalArgumentException at once, when a header value is one that no HTTP request can carry
     */
    public CompletableFuture<Forwarded> getAsync(String pathAndQuery, Map<String, List<String>> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(timeout).GET();
        forEachForwarded(headers, builder::header);
        HttpRequest request = builder.build();
        return breaker.executeCompletionStage(() -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
                .toCompletableFuture()
                .handle((response, failure) -> {
                    if (failure != null) {
                        throw noAnswer("GET", request.uri(),
                                failure instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : failure);
                    }
                    return new Forwarded(response.statusCode(), returned(response.headers().map()), response.body());
                });
    }

    /**
     * Whether this client's threads still run: the JDK client stops for good when its selector thread ends, by
     * {@link #close} or by an error that thread could not survive, and then fails every call.
     */
    public boolean isAlive() {
        return !http.isTerminated();
    }

    /**
     * Whether the legacy host answers a GET of {@code legacy.health-path} with any HTTP status within {@code within}
     * (a 404 still proves it up). Outside the breaker: a probe every few seconds must not move it, and an open breaker
     * must not hide that the host is back.
     */
    public boolean hostAnswers(Duration within) {
        try {
            http.send(HttpRequest.newBuilder(health).timeout(within).GET().build(), HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            OutOfMemoryPolicy.haltIfFatal(e);
            return false;
        }
    }

    private static void forEachForwarded(Map<String, List<String>> headers, BiConsumer<String, String> add) {
        Set<String> named = namedByConnection(headers);
        headers.forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!HopByHop.is(lower) && !SET_BY_CLIENT.contains(lower) && !named.contains(lower)) {
                values.forEach(value -> add.accept(name, value));
            }
        });
    }

    /** The answer's headers a caller may be given: no status line (a null name), pseudo-header or hop-by-hop one. */
    private static Map<String, List<String>> returned(Map<String, List<String>> headers) {
        Map<String, List<String>> returned = new LinkedHashMap<>();
        Set<String> named = namedByConnection(headers);
        headers.forEach((name, values) -> {
            if (name != null && !name.startsWith(":") && !HopByHop.is(name) && !FRAMING.contains(name.toLowerCase(Locale.ROOT))
                    && !named.contains(name.toLowerCase(Locale.ROOT))) {
                returned.put(name, values);
            }
        });
        return returned;
    }

    /** The fields the {@code Connection} headers of {@code headers} name, lower case (hop-by-hop too). */
    private static Set<String> namedByConnection(Map<String, List<String>> headers) {
        Set<String> named = new HashSet<>();
        headers.forEach((name, values) -> {
            if ("connection".equalsIgnoreCase(name)) {
                values.forEach(value -> named.addAll(HopByHop.namedBy(value)));
            }
        });
        return named;
    }

    private Forwarded exchange(HttpRequest request) {
        long start = System.nanoTime();
        try {
            HttpResponse<byte[]> response = breaker.executeCallable(() -> http.send(request, HttpResponse.BodyHandlers.ofByteArray()));
            return new Forwarded(response.statusCode(), returned(response.headers().map()), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LegacyUnavailableException("interrupted while waiting for the legacy side", e);
        } catch (Exception e) {
            throw noAnswer(request.method(), request.uri(), e);
        } finally {
            callTimes.accept(System.nanoTime() - start);
        }
    }

    private static LegacyUnavailableException noAnswer(String method, URI uri, Throwable cause) {
        OutOfMemoryPolicy.haltIfFatal(cause);
        return new LegacyUnavailableException("the legacy side did not answer " + method + " " + uri.getRawPath() + ": " + cause,
                cause);
    }

    /** A legacy answer's status and body as a {@link LegacyResponse}: a body that is not JSON becomes its message. */
    public static LegacyResponse answer(int status, byte[] body) {
        if (body.length == 0) {
            return new LegacyResponse(status, MissingNode.getInstance());
        }
        Optional<JsonNode> json = Json.parse(body);
        return new LegacyResponse(status, json.orElseGet(() -> Json.object().put("message",
                new String(body, StandardCharsets.UTF_8))));
    }

    /** Stops the client's threads and fails the calls still waiting; for when the gateway stops. */
    @Override
    public void close() {
        http.shutdownNow();
    }
}
