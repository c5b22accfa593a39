package io.migrationgateway.gateway.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.migrationgateway.gateway.config.LegacyConfig;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Requests the gateway makes to the legacy side itself, outside the streaming proxy: the calls of a translator's
 * {@link ResourcePlan} (to read back or write an object as a Resource API object), and whole requests forwarded for a
 * caller when the gateway must see the answer before the caller does (mode 2 writes, mode 3 shadow reads). Each goes
 * to {@code legacy.url} with the credentials it is given and within {@code legacy.response-timeout}, through the
 * legacy circuit breaker. Blocking: call on a worker or shadow thread. Thread-safe.
 */
public final class LegacyClient {
    /** Request headers never copied onto a forwarded request: hop-by-hop, or set by the HTTP client itself. */
    private static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive", "te", "trailer", "transfer-encoding",
            "upgrade", "proxy-authorization", "proxy-connection", "host", "content-length", "expect");

    private final HttpClient http;
    private final String base;
    private final Duration connectTimeout;
    private final Duration timeout;
    private final CircuitBreaker breaker;

    public LegacyClient(LegacyConfig config, CircuitBreaker breaker) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.base = config.url().toString().replaceAll("/+$", "");
        this.connectTimeout = config.connectTimeout();
        this.timeout = config.responseTimeout();
        this.breaker = breaker;
    }

    /** A legacy answer as the caller would see it: status, response headers worth passing on, body. */
    public record Forwarded(int status, Map<String, List<String>> headers, byte[] body) {
        /** The answer as a {@link LegacyResponse} (a body that is not JSON becomes its message). */
        public LegacyResponse response() {
            return LegacyClient.answer(status, body);
        }
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
     * answering path gets the cores first: measured (README, the shadow benchmark, one round), this client's
     * HttpClient threads spent 0.24 s at normal priority on the noise check's second legacy reads; with this, 0.04 s.
     * {@code legacy.response-timeout} bounds each read from the socket here, not the whole call; the shadow time limit
     * bounds that.
     *
     * @param pathAndQuery the raw path and query as the caller sent them
     * @param headers      the request headers (hop-by-hop ones are not sent)
     * @throws LegacyUnavailableException when no answer came
     */
    public Forwarded get(String pathAndQuery, Map<String, List<String>> headers) {
        URI uri = URI.create(base + pathAndQuery);
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
                Map<String, List<String>> answerHeaders = new LinkedHashMap<>(connection.getHeaderFields());
                answerHeaders.remove(null); // the status line
                return new Forwarded(status, answerHeaders, body);
            });
        } catch (Exception e) {
            throw noAnswer("GET", uri, e);
        }
    }

    private static void forEachForwarded(Map<String, List<String>> headers, BiConsumer<String, String> add) {
        headers.forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> add.accept(name, value));
            }
        });
    }

    private Forwarded exchange(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = breaker.executeCallable(() -> http.send(request, HttpResponse.BodyHandlers.ofByteArray()));
            return new Forwarded(response.statusCode(), response.headers().map(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LegacyUnavailableException("interrupted while waiting for the legacy side", e);
        } catch (Exception e) {
            throw noAnswer(request.method(), request.uri(), e);
        }
    }

    private static LegacyUnavailableException noAnswer(String method, URI uri, Exception cause) {
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
}
