package io.migrationgateway.gateway.metrics;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.migrationgateway.gateway.http.ElasticWorkerPool;
import io.migrationgateway.gateway.http.RouteClass;
import io.migrationgateway.gateway.upstream.UpstreamFailure;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The gateway's Prometheus metrics: requests by route class, method and status with a latency
 * histogram ({@code gateway_requests_seconds}), upstream failures by kind
 * ({@code gateway_upstream_errors_total}), the circuit breakers' state ({@code resilience4j_circuitbreaker_*})
 * and the JVM's. Request timers are cached per (route class, method, status) so recording one costs no
 * allocation on the proxy's hot path.
 */
public final class GatewayMetrics {
    private static final HttpString[] METHODS = {Methods.GET, Methods.HEAD, Methods.POST, Methods.PUT,
            Methods.PATCH, Methods.DELETE, Methods.OPTIONS};
    private static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
            Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
            Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
            Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30)};
    private static final int STATUSES = 600;
    private static final Logger LOG = LoggerFactory.getLogger(GatewayMetrics.class);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<RouteClass, AtomicReferenceArray<Timer>> timers = new EnumMap<>(RouteClass.class);
    private final Map<UpstreamFailure, Counter> upstreamErrors = new EnumMap<>(UpstreamFailure.class);
    private final Counter fastLaneHandOffs;
    private final Map<String, Counter> slowHeadsClosed = new java.util.HashMap<>();
    private final List<Runnable> beforeScrape = new CopyOnWriteArrayList<>();
    private final Timer legacyCalls;

    public GatewayMetrics() {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        for (RouteClass routeClass : RouteClass.values()) {
            timers.put(routeClass, new AtomicReferenceArray<>((METHODS.length + 1) * STATUSES));
        }
        fastLaneHandOffs = Counter.builder("gateway.fast.lane.handoffs")
                .description("Connections the fast lane handed to the full request chain at a request it does not serve")
                .register(registry);
        for (String reason : new String[] {"timeout", "limit"}) {
            slowHeadsClosed.put(reason, Counter.builder("gateway.slow.heads.closed")
                    .description("Connections of the http port closed while reading a request head: past "
                            + "server.request-head-timeout, or the oldest head beyond server.max-connections-reading-head")
                    .tag("reason", reason)
                    .register(registry));
        }
        legacyCalls = Timer.builder("gateway.legacy.calls")
                .description("Calls the gateway made to the legacy side itself (translated routes, shadow reads, dual-writes), "
                        + "answered or not")
                .tag("upstream", "legacy")
                .serviceLevelObjectives(BUCKETS)
                .register(registry);
        for (UpstreamFailure failure : UpstreamFailure.values()) {
            upstreamErrors.put(failure, Counter.builder("gateway.upstream.errors")
                    .description("Requests the legacy upstream did not answer, by reason")
                    .tag("upstream", "legacy")
                    .tag("kind", failure.name().toLowerCase(java.util.Locale.ROOT))
                    .register(registry));
        }
    }

    /**
     * Publishes a breaker's state, failure rate, buffered and refused calls under Resilience4j's usual
     * metric names. Read from the breaker when scraped: Resilience4j's own Micrometer binder subscribes
     * to every call's event instead, which costs an event object and a timestamp on each proxied request.
     */
    public void bindCircuitBreaker(CircuitBreaker breaker) {
        for (CircuitBreaker.State state : CircuitBreaker.State.values()) {
            Gauge.builder("resilience4j.circuitbreaker.state", breaker, b -> b.getState() == state ? 1 : 0)
                    .description("1 for the breaker's current state, 0 for the others")
                    .tag("name", breaker.getName())
                    .tag("state", state.name().toLowerCase(java.util.Locale.ROOT))
                    .strongReference(true)
                    .register(registry);
        }
        Gauge.builder("resilience4j.circuitbreaker.failure.rate", breaker, b -> b.getMetrics().getFailureRate())
                .description("Failure rate in percent over the sliding window, -1 until minimum-calls is reached")
                .tag("name", breaker.getName())
                .strongReference(true)
                .register(registry);
        for (String kind : new String[] {"successful", "failed"}) {
            Gauge.builder("resilience4j.circuitbreaker.buffered.calls", breaker, b -> kind.equals("failed")
                            ? b.getMetrics().getNumberOfFailedCalls() : b.getMetrics().getNumberOfSuccessfulCalls())
                    .description("Calls in the sliding window")
                    .tag("name", breaker.getName())
                    .tag("kind", kind)
                    .strongReference(true)
                    .register(registry);
        }
        FunctionCounter.builder("resilience4j.circuitbreaker.not.permitted.calls", breaker,
                        b -> b.getMetrics().getNumberOfNotPermittedCalls())
                .description("Calls refused while the breaker was open")
                .tag("name", breaker.getName())
                .register(registry);
    }

    /** A chain step that records every finished request and any upstream failure it met. */
    public HttpHandler requestMetricsHandler(HttpHandler next) {
        return exchange -> {
            long start = System.nanoTime();
            exchange.addExchangeCompleteListener((done, nextListener) -> {
                record(done, System.nanoTime() - start);
                nextListener.proceed();
            });
            next.handleRequest(exchange);
        };
    }

    private void record(HttpServerExchange exchange, long nanos) {
        RouteClass routeClass = exchange.getAttachment(RouteClass.ATTACHMENT);
        record(routeClass == null ? RouteClass.PASSTHROUGH : routeClass, exchange.getRequestMethod(), exchange.getStatusCode(),
                nanos, exchange.getAttachment(UpstreamFailure.ATTACHMENT));
    }

    /** Records one finished request served without an exchange (the fast lane); {@code failure} may be null. */
    public void record(RouteClass routeClass, HttpString method, int status, long nanos, UpstreamFailure failure) {
        timer(routeClass, method, status).record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        if (failure != null) {
            upstreamErrors.get(failure).increment();
        }
    }

    private Timer timer(RouteClass routeClass, HttpString method, int status) {
        int methodIndex = METHODS.length;
        for (int i = 0; i < METHODS.length; i++) {
            if (METHODS[i].equals(method)) {
                methodIndex = i;
                break;
            }
        }
        int safeStatus = status >= 100 && status < STATUSES ? status : 0;
        int slot = methodIndex * STATUSES + safeStatus;
        AtomicReferenceArray<Timer> cache = timers.get(routeClass);
        Timer timer = cache.get(slot);
        if (timer == null) {
            timer = Timer.builder("gateway.requests")
                    .description("Requests on the public port, by how they were served")
                    .tag("route_class", routeClass.label())
                    .tag("method", methodIndex < METHODS.length ? METHODS[methodIndex].toString() : "OTHER")
                    .tag("status", Integer.toString(safeStatus))
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry);
            cache.set(slot, timer);
        }
        return timer;
    }

    /** Counts a connection the fast lane gave to the request chain. */
    public void fastLaneHandOff() {
        fastLaneHandOffs.increment();
    }

    /** Counts a connection closed while reading a request head, for {@code reason} "timeout" or "limit". */
    public void slowHeadClosed(String reason) {
        slowHeadsClosed.get(reason).increment();
    }

    /** Publishes the worker pool's size and queue, read when scraped: operators see it grow toward a slow database. */
    public void bindWorkerPool(ElasticWorkerPool workers) {
        Gauge.builder("gateway.worker.threads", workers, ElasticWorkerPool::size)
                .description("Threads of the pool that runs requests which block (Resource API, modes 2-5)")
                .register(registry);
        Gauge.builder("gateway.worker.queued", workers, ElasticWorkerPool::queued)
                .description("Requests waiting for a worker thread")
                .register(registry);
    }

    /** Records one call the gateway made to the legacy side, of {@code nanos}. */
    public void legacyCall(long nanos) {
        legacyCalls.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Publishes {@code flags.gates.shadow-max-mismatch-rate}, so that an alert compares a resource's rate with the gate's. */
    public void bindGateThreshold(double shadowMaxMismatchRate) {
        Gauge.builder("gateway.gate.shadow.max.mismatch.ratio", () -> shadowMaxMismatchRate)
                .description("The largest fraction of compared shadow reads that may differ for the gate to let a resource up to mode 3 or 4")
                .register(registry);
    }

    /**
     * Runs {@code refresh} before every scrape: gauges read from the shared database (outbox, jobs) are read only when
     * someone looks. A refresh that fails leaves its gauges at their last values.
     */
    public void beforeScrape(Runnable refresh) {
        beforeScrape.add(refresh);
    }

    /** The registry, for the parts of the gateway that publish their own metrics (shadow comparison, dual-write). */
    public MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition of every metric. */
    public String scrape() {
        for (Runnable refresh : beforeScrape) {
            try {
                refresh.run();
            } catch (RuntimeException e) {
                LOG.warn("cannot refresh metrics before a scrape: {}", e.toString());
            }
        }
        return registry.scrape();
    }
}
