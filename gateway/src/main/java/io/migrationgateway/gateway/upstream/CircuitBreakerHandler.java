package io.migrationgateway.gateway.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets a request through to the upstream only while its circuit breaker permits, and reports each
 * call's outcome back to the breaker when the exchange ends. While open it answers 503 with
 * {@code Retry-After} at once, without touching the upstream.
 *
 * <p>A call fails when the gateway could not get an answer (see {@link UpstreamFailure}) or the upstream
 * itself answered 502, 503 or 504; any other status, including 500, is the application speaking.
 */
public final class CircuitBreakerHandler implements HttpHandler {
    private static final Exception UPSTREAM_FAILED = new UpstreamFailedException();
    private static final Logger LOG = LoggerFactory.getLogger("upstream");

    private final CircuitBreaker breaker;
    private final String retryAfterSeconds;
    private final HttpHandler next;
    /** The state last logged; transitions are logged by comparing, since subscribing to the breaker's
     * events would make it build an event object for every call. */
    private final AtomicReference<CircuitBreaker.State> lastLoggedState = new AtomicReference<>(CircuitBreaker.State.CLOSED);

    public CircuitBreakerHandler(CircuitBreaker breaker, HttpHandler next) {
        this.breaker = breaker;
        long wait = breaker.getCircuitBreakerConfig().getWaitIntervalFunctionInOpenState().apply(1);
        this.retryAfterSeconds = Long.toString(Math.max(1, TimeUnit.MILLISECONDS.toSeconds(wait + 999)));
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        boolean permitted = breaker.tryAcquirePermission();
        logTransition();
        if (!permitted) {
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, UpstreamFailure.CIRCUIT_OPEN);
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, retryAfterSeconds);
            LegacyErrorBody.send(exchange, UpstreamFailure.CIRCUIT_OPEN.status(), UpstreamFailure.CIRCUIT_OPEN.message());
            return;
        }
        long start = System.nanoTime();
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            record(done, System.nanoTime() - start);
            nextListener.proceed();
        });
        next.handleRequest(exchange);
    }

    private void record(HttpServerExchange exchange, long nanos) {
        UpstreamFailure failure = exchange.getAttachment(UpstreamFailure.ATTACHMENT);
        int status = exchange.getStatusCode();
        if ((failure != null && failure.countsAgainstUpstream()) || status == 502 || status == 503 || status == 504) {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, UPSTREAM_FAILED);
        } else {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }
        logTransition();
    }

    private void logTransition() {
        CircuitBreaker.State now = breaker.getState();
        CircuitBreaker.State before = lastLoggedState.get();
        if (now != before && lastLoggedState.compareAndSet(before, now)) {
            CircuitBreaker.Metrics metrics = breaker.getMetrics();
            LOG.warn("circuit breaker {}: {} -> {} (failure rate {} % over {} calls)", breaker.getName(), before, now,
                    metrics.getFailureRate(), metrics.getNumberOfBufferedCalls());
        }
    }

    /** The breaker's API wants a throwable per failure; one shared, stackless instance costs nothing. */
    private static final class UpstreamFailedException extends Exception {
        UpstreamFailedException() {
            super("legacy upstream failed", null, false, false);
        }
    }
}
