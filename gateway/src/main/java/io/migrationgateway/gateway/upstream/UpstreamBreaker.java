package io.migrationgateway.gateway.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The legacy upstream's circuit breaker as both forwarding paths use it (Undertow's proxy behind
 * {@link CircuitBreakerHandler}, and the fast lane): ask before a call, report its outcome after, and log each state
 * change once.
 *
 * <p>A call fails when the gateway could not get an answer (see {@link UpstreamFailure}) or the upstream itself
 * answered 502, 503 or 504; any other status, including 500, is the application speaking.
 */
public final class UpstreamBreaker {
    private static final Exception UPSTREAM_FAILED = new UpstreamFailedException();
    private static final Logger LOG = LoggerFactory.getLogger("upstream");

    private final CircuitBreaker breaker;
    private final String retryAfterSeconds;
    /** The state last logged; transitions are logged by comparing, since subscribing to the breaker's
     * events would make it build an event object for every call. */
    private final AtomicReference<CircuitBreaker.State> lastLoggedState = new AtomicReference<>(CircuitBreaker.State.CLOSED);

    UpstreamBreaker(CircuitBreaker breaker) {
        this.breaker = breaker;
        long wait = breaker.getCircuitBreakerConfig().getWaitIntervalFunctionInOpenState().apply(1);
        this.retryAfterSeconds = Long.toString(Math.max(1, TimeUnit.MILLISECONDS.toSeconds(wait + 999)));
    }

    /** Whether a call may go to the upstream now; when not, answer {@link UpstreamFailure#CIRCUIT_OPEN}. */
    public boolean permit() {
        boolean permitted = breaker.tryAcquirePermission();
        logTransition();
        return permitted;
    }

    /** Reports a permitted call's outcome: {@code failure} is null when an answer came, whatever its status. */
    public void record(UpstreamFailure failure, int status, long nanos) {
        if ((failure != null && failure.countsAgainstUpstream()) || status == 502 || status == 503 || status == 504) {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, UPSTREAM_FAILED);
        } else {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }
        logTransition();
    }

    /** Gives back a permitted call's permission without a verdict: its caller went away before the upstream answered. */
    public void release() {
        breaker.releasePermission();
    }

    /** The {@code Retry-After} value of an answer given while the breaker is open: its wait, in whole seconds. */
    public String retryAfterSeconds() {
        return retryAfterSeconds;
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
