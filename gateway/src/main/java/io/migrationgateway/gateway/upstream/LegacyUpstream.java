package io.migrationgateway.gateway.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.ResponseCodeHandler;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import io.undertow.server.handlers.proxy.ProxyHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;

/**
 * The one upstream the gateway forwards to: the legacy deployment at {@code legacy.url}, and every way to it, built here
 * from one configuration over one circuit breaker: the chain's proxy ({@link #forwardingHandler}), the client of
 * requests whose answer the gateway reads ({@link #client}, whose health {@code /readyz} reports), and the address the
 * public port's fast lane relays to ({@link #laneAddress}). Its target is fixed at startup, so nothing a caller sends
 * (Host header, absolute-form request URI, path) can point the gateway at another host. Hop-by-hop fields follow one
 * rule on every way ({@code http.HopByHop}).
 *
 * <p>The request chain forwards with Undertow's own {@link ProxyHandler} on the IO threads with a pooled keep-alive
 * client, not a Camel route, which costs far more per request (docs/decisions/no-camel.md). Plain pass-through requests
 * do not come here: the public port's fast lane relays them itself, at about half this path's CPU per request. The
 * pool queues requests instead of failing them at once (Undertow's default queue of 0 answers 503 whenever all
 * connections are busy).
 */
public final class LegacyUpstream implements AutoCloseable {
    private final URI url;
    private final LegacyClient client;
    private final CircuitBreaker breaker;
    private final UpstreamBreaker guard;
    private final HttpHandler proxy;

    public LegacyUpstream(LegacyConfig config) {
        this.url = config.url();
        this.client = new LegacyClient(config);
        this.breaker = client.breaker();
        this.guard = new UpstreamBreaker(breaker);
        LoadBalancingProxyClient pool = new LoadBalancingProxyClient()
                .setConnectionsPerThread(config.connectionsPerIoThread())
                .setSoftMaxConnectionsPerThread(config.connectionsPerIoThread())
                .setMaxQueueSize(config.maxQueueSize())
                // No sticky sessions to one upstream: without this, every request's cookies are parsed.
                .removeSessionCookieName("JSESSIONID")
                .addHost(config.url());
        GuardedProxyClient guarded = new GuardedProxyClient(pool,
                config.connectTimeout().toMillis(), config.responseTimeout().toMillis());
        HttpHandler proxyHandler = ProxyHandler.builder()
                .setProxyClient(guarded)
                .setMaxRequestTime(-1) // timeouts are GuardedProxyClient's: a long download must not be cut off
                .setMaxConnectionRetries(config.retries())
                .setRewriteHostHeader(false)
                .setReuseXForwarded(true)
                .setNext(ResponseCodeHandler.HANDLE_404)
                .build();
        LegacyErrorResponder responder = new LegacyErrorResponder();
        this.proxy = exchange -> {
            exchange.addDefaultResponseListener(responder);
            proxyHandler.handleRequest(exchange);
        };
    }

    /** The handler that forwards an exchange to the legacy deployment, guarded by the breaker. */
    public HttpHandler forwardingHandler() {
        return new CircuitBreakerHandler(guard, proxy);
    }

    /** The breaker as a forwarding path asks and informs it. */
    public UpstreamBreaker guard() {
        return guard;
    }

    /** The client of the requests whose answers the gateway reads: plans' calls, identities, dual-writes, shadow reads. */
    public LegacyClient client() {
        return client;
    }

    /**
     * Where the fast lane relays, or empty when it cannot: the lane speaks plain HTTP to a host and port, so a legacy
     * URL over https or with a path prefix is served by the chain's proxy alone.
     */
    public Optional<InetSocketAddress> laneAddress() {
        String path = url.getRawPath();
        if (!"http".equalsIgnoreCase(url.getScheme()) || !(path == null || path.isEmpty() || path.equals("/"))) {
            return Optional.empty();
        }
        return Optional.of(new InetSocketAddress(url.getHost(), url.getPort() > 0 ? url.getPort() : 80));
    }

    @Override
    public void close() {
        client.close();
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    public URI url() {
        return url;
    }
}
