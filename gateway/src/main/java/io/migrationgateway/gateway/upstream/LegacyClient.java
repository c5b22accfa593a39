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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
    private final Duration timeout;
    private final CircuitBreaker breaker;

    public LegacyClient(LegacyConfig config, CircuitBreaker breaker) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.base = config.url().toString().replaceAll("/+$", "");
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
        headers.forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
            }
        });
        return exchange(request.build());
    }

    private Forwarded exchange(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = breaker.executeCallable(() -> http.send(request, HttpResponse.BodyHandlers.ofByteArray()));
            return new Forwarded(response.statusCode(), response.headers().map(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LegacyUnavailableException("interrupted while waiting for the legacy side", e);
        } catch (Exception e) {
            throw new LegacyUnavailableException("the legacy side did not answer " + request.method() + " "
                    + request.uri().getRawPath() + ": " + e, e);
        }
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
