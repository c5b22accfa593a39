package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.config.TrustedProxies;
import io.migrationgateway.gateway.http.AccessLogHandler;
import io.migrationgateway.gateway.http.RouteClass;
import io.migrationgateway.gateway.metrics.GatewayMetrics;
import io.migrationgateway.gateway.upstream.UpstreamBreaker;
import io.migrationgateway.gateway.upstream.UpstreamFailure;
import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.protocol.http.HttpOpenListener;
import io.undertow.util.HttpString;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.xnio.StreamConnection;
import org.xnio.XnioWorker;

/**
 * The public port's fast lane: plain pass-through requests (see {@link RequestHead} and {@link PassThroughRule}) are
 * forwarded to the legacy side by a lean HTTP/1.1 relay on the IO threads, and so are the reads of a resource in modes
 * 1–2, whose answers the legacy side gives (a sampled one's answer is copied on the way for the shadow comparison,
 * {@link Relay.Copying}); a connection whose request needs anything more (the Resource API, a translated answer, a
 * write of a resource in modes 1–5, a body, an unusual head) is handed, with the bytes already read, to Undertow's own
 * HTTP listener and the full request chain, for the rest of its life.
 *
 * <p>Why: Undertow's proxy handler spends about twice nginx's CPU per proxied request, in its proxy client and in system
 * calls nginx does not make; this relay makes nginx's four (docs/decisions/fast-lane.md).
 *
 * <p>The lane does what the chain's steps do for such a request: the request id, hop-by-hop fields removed both ways,
 * {@code X-Forwarded-*}, the circuit breaker, the connect and response timeouts, retries of idempotent requests on a
 * connection that broke before answering, the legacy-shaped error answers, metrics and the access log.
 */
public final class FastLane {
    /** Field lines per head the lane reads; a head with more goes to Undertow. */
    private static final int MAX_FIELDS = 128;
    /** Free buffers kept per IO thread: 4 MiB of 16 KiB buffers, enough for about 80 requests in flight per thread. */
    private static final int MAX_KEPT_BUFFERS = 256;
    /** nginx's status for a request whose caller closed the connection before the answer. */
    private static final int CALLER_CLOSED = 499;

    /** The lane's time limits, as nanoseconds; a head's own is {@link HeadReaders}'. */
    record Timeouts(long connectNanos, long responseNanos, long idleNanos) {
    }

    /**
     * What the lane needs of the gateway.
     *
     * @param trustedProxies the callers whose {@code X-Forwarded-*} fields pass as sent
     */
    public record Settings(InetSocketAddress upstream, int connectionsPerIoThread, int maxQueue, int retries,
                           long connectTimeoutMillis, long responseTimeoutMillis, long idleTimeoutMillis, int maxHeaderSize,
                           boolean accessLog, TrustedProxies trustedProxies) {
    }

    private final HttpOpenListener undertow;
    private final ByteBufferPool buffers;
    private final PassThroughRule rule;
    private final UpstreamBreaker breaker;
    private final GatewayMetrics metrics;
    private final Settings settings;
    private final LaneThread[] threads;

    public FastLane(XnioWorker worker, HttpOpenListener undertow, PassThroughRule rule, UpstreamBreaker breaker,
                    GatewayMetrics metrics, Settings settings) {
        this.undertow = undertow;
        this.buffers = undertow.getBufferPool();
        this.rule = rule;
        this.breaker = breaker;
        this.metrics = metrics;
        this.settings = settings;
        // the rewritten head must fit one buffer: it is at most the received one plus 1 KiB (RequestHead)
        int maxHeadSize = Math.min(settings.maxHeaderSize(), buffers.getBufferSize() / 2 - 512);
        Timeouts timeouts = new Timeouts(TimeUnit.MILLISECONDS.toNanos(settings.connectTimeoutMillis()),
                TimeUnit.MILLISECONDS.toNanos(settings.responseTimeoutMillis()),
                TimeUnit.MILLISECONDS.toNanos(settings.idleTimeoutMillis()));
        this.threads = new LaneThread[worker.getIoThreadCount()];
        for (int i = 0; i < threads.length; i++) {
            UpstreamPool pool = new UpstreamPool(worker.getIoThread(i), settings.upstream(), settings.connectionsPerIoThread(),
                    settings.maxQueue());
            threads[i] = new LaneThread(worker.getIoThread(i), pool, new LaneBuffers(buffers.getBufferSize(), MAX_KEPT_BUFFERS),
                    timeouts, maxHeadSize, MAX_FIELDS);
        }
    }

    /** A new caller connection, on its IO thread, read through {@code watch}. */
    void accept(StreamConnection connection, HeadWatch watch) {
        LaneThread thread = threads[connection.getIoThread().getNumber()];
        ClientConnection client = new ClientConnection(this, thread, connection, watch);
        thread.add(client);
        client.start();
    }

    /** Gives the connection to Undertow with a copy of the bytes already read ({@code alreadyRead}, in read mode). */
    void handOff(StreamConnection connection, ByteBuffer alreadyRead) {
        metrics.fastLaneHandOff();
        PooledByteBuffer copy = buffers.allocate();
        copy.getBuffer().put(alreadyRead).flip();
        undertow.handleEvent(connection, copy);
    }

    Relay relay(LaneRequest request) {
        return rule.relay(request);
    }

    void finished(HttpString method, String path, RequestIdBytes requestId, String client, int status, long bytes, long nanos,
                  UpstreamFailure failure) {
        if (failure != UpstreamFailure.CIRCUIT_OPEN) {
            breaker.record(failure, status, nanos);
        }
        observe(method, path, requestId, client, status, bytes, nanos, failure);
    }

    /** A request whose caller closed its connection before the answer was out. */
    void abandoned(HttpString method, String path, RequestIdBytes requestId, String client, long bytes, long nanos) {
        breaker.release();
        observe(method, path, requestId, client, CALLER_CLOSED, bytes, nanos, null);
    }

    /** What the chain's metrics and access-log steps record of every request. */
    private void observe(HttpString method, String path, RequestIdBytes requestId, String client, int status, long bytes,
                         long nanos, UpstreamFailure failure) {
        metrics.record(RouteClass.PASSTHROUGH, method, status, nanos, failure);
        if (settings.accessLog()) {
            AccessLogHandler.log(requestId.text(), client, method.toString(), path, status, bytes, nanos);
        }
    }

    /** Whether a caller at {@code address} is a trusted proxy; asked once per connection. */
    boolean trusts(java.net.InetAddress address) {
        return settings.trustedProxies().trusts(address);
    }

    UpstreamBreaker breaker() {
        return breaker;
    }

    int retries() {
        return settings.retries();
    }
}
