package io.migrationgateway.gateway.upstream;

import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Lets a request through to the upstream only while its circuit breaker permits, and reports each
 * call's outcome back to the breaker when the exchange ends. While open it answers 503 with
 * {@code Retry-After} at once, without touching the upstream.
 */
public final class CircuitBreakerHandler implements HttpHandler {
    private final UpstreamBreaker breaker;
    private final HttpHandler next;

    public CircuitBreakerHandler(UpstreamBreaker breaker, HttpHandler next) {
        this.breaker = breaker;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!breaker.permit()) {
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, UpstreamFailure.CIRCUIT_OPEN);
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, breaker.retryAfterSeconds());
            LegacyErrorBody.send(exchange, UpstreamFailure.CIRCUIT_OPEN.status(), UpstreamFailure.CIRCUIT_OPEN.message());
            return;
        }
        long start = System.nanoTime();
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            if (done.getAttachment(GuardedProxyClient.ABANDONED) != null) {
                breaker.release(); // the caller's body broke the request off, not the upstream
            } else {
                breaker.record(done.getAttachment(UpstreamFailure.ATTACHMENT), done.getStatusCode(), System.nanoTime() - start);
            }
            nextListener.proceed();
        });
        next.handleRequest(exchange);
    }
}
