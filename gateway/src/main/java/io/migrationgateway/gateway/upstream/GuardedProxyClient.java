package io.migrationgateway.gateway.upstream;

import io.migrationgateway.gateway.http.ForwardedRequest;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.ProxyCallback;
import io.undertow.server.handlers.proxy.ProxyClient;
import io.undertow.server.handlers.proxy.ProxyConnection;
import io.undertow.util.AttachmentKey;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.xnio.IoUtils;
import org.xnio.XnioExecutor;

/**
 * Decorates a {@link ProxyClient} with the two timeouts Undertow's proxy lacks in the form we need
 * (its own {@code maxRequestTime} would also cut off a long body download): a connect timeout, armed only
 * when no pooled connection is free, and the response timeout of {@link ResponseTimeouts}. It also
 * records on the exchange why a connection could not be had. Undertow's ProxyHandler answers every such case with a bare 503;
 * {@link LegacyErrorResponder} turns the recorded {@link UpstreamFailure} into the right status and body. The connection
 * a request goes out on is attached to the exchange as its {@link ForwardedRequest}.
 *
 * <p>All callbacks run on the exchange's IO thread, so the per-attempt state needs no locking.
 */
final class GuardedProxyClient implements ProxyClient {
    /**
     * Set on an exchange whose forwarded request was abandoned for the caller's fault (a body that turned out bad):
     * neither the breaker nor the error log may take it for the upstream's.
     */
    static final AttachmentKey<Boolean> ABANDONED = AttachmentKey.create(Boolean.class);

    private final ProxyClient delegate;
    private final long connectTimeoutMillis;
    private final ResponseTimeouts responseTimeouts;

    GuardedProxyClient(ProxyClient delegate, long connectTimeoutMillis, long responseTimeoutMillis) {
        this.delegate = delegate;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.responseTimeouts = new ResponseTimeouts(responseTimeoutMillis);
    }

    @Override
    public ProxyTarget findTarget(HttpServerExchange exchange) {
        return delegate.findTarget(exchange);
    }

    @Override
    public List<ProxyTarget> getAllTargets() {
        return delegate.getAllTargets();
    }

    @Override
    public void getConnection(ProxyTarget target, HttpServerExchange exchange, ProxyCallback<ProxyConnection> callback,
                              long timeout, TimeUnit timeUnit) {
        UpstreamFailure earlier = exchange.getAttachment(UpstreamFailure.ATTACHMENT);
        if (earlier == UpstreamFailure.RESPONSE_TIMEOUT || earlier == UpstreamFailure.CONNECT_TIMEOUT) {
            // ProxyHandler retries idempotent requests after a failure; a timed-out request has used its time.
            callback.couldNotResolveBackend(exchange);
            return;
        }
        Attempt attempt = new Attempt(exchange, callback);
        delegate.getConnection(target, exchange, attempt, connectTimeoutMillis, TimeUnit.MILLISECONDS);
        if (!attempt.settled) {
            // No pooled connection was free: a new one is being opened, or the request waits in the queue.
            attempt.connectTimer = exchange.getIoThread().executeAfter(attempt::connectTimedOut, connectTimeoutMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** One try at getting a connection for one exchange, and the request sent on the connection it got. */
    private final class Attempt implements ProxyCallback<ProxyConnection>, ForwardedRequest {
        private final HttpServerExchange exchange;
        private final ProxyCallback<ProxyConnection> callback;
        private XnioExecutor.Key connectTimer;
        private boolean settled;
        private ProxyConnection connection;

        Attempt(HttpServerExchange exchange, ProxyCallback<ProxyConnection> callback) {
            this.exchange = exchange;
            this.callback = callback;
        }

        @Override
        public void completed(HttpServerExchange exchange, ProxyConnection connection) {
            if (settled) {
                // The connect timer already answered the caller; this late connection is not needed.
                IoUtils.safeClose(connection.getConnection());
                return;
            }
            settle();
            this.connection = connection;
            exchange.putAttachment(ForwardedRequest.ATTACHMENT, this);
            responseTimeouts.watch(exchange, connection);
            callback.completed(exchange, connection);
        }

        /**
         * Undertow closes a client connection cleanly, which ends a chunked body with its last chunk; taken out of the
         * client first (an upgrade, which also drops the chunk encoder), the connection closes with the body cut off.
         */
        @Override
        public void abandon() {
            exchange.putAttachment(ABANDONED, Boolean.TRUE);
            try {
                IoUtils.safeClose(connection.getConnection().performUpgrade());
            } catch (IOException alreadyClosed) {
                IoUtils.safeClose(connection.getConnection());
            }
        }

        @Override
        public void failed(HttpServerExchange exchange) {
            if (settled) {
                return;
            }
            settle();
            mark(UpstreamFailure.UNREACHABLE);
            callback.failed(exchange);
        }

        @Override
        public void queuedRequestFailed(HttpServerExchange exchange) {
            if (settled) {
                return;
            }
            settle();
            mark(UpstreamFailure.QUEUE_FULL);
            callback.queuedRequestFailed(exchange);
        }

        @Override
        public void couldNotResolveBackend(HttpServerExchange exchange) {
            if (settled) {
                return;
            }
            settle();
            mark(UpstreamFailure.UNREACHABLE);
            callback.couldNotResolveBackend(exchange);
        }

        void connectTimedOut() {
            if (settled) {
                return;
            }
            settled = true;
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, UpstreamFailure.CONNECT_TIMEOUT);
            callback.couldNotResolveBackend(exchange);
        }

        private void settle() {
            settled = true;
            if (connectTimer != null) {
                connectTimer.remove();
            }
        }

        private void mark(UpstreamFailure failure) {
            if (exchange.getAttachment(UpstreamFailure.ATTACHMENT) == null) {
                exchange.putAttachment(UpstreamFailure.ATTACHMENT, failure);
            }
        }
    }
}
