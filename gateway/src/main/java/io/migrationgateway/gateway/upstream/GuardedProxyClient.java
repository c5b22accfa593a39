package io.migrationgateway.gateway.upstream;

import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.ProxyCallback;
import io.undertow.server.handlers.proxy.ProxyClient;
import io.undertow.server.handlers.proxy.ProxyConnection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.xnio.IoUtils;
import org.xnio.XnioExecutor;

/**
 * Decorates a {@link ProxyClient} with the two timeouts Undertow's proxy lacks in the form we need
 * (its own {@code maxRequestTime} would also cut off a long body download), and records on the exchange
 * why a connection could not be had. Undertow's ProxyHandler answers every such case with a bare 503;
 * {@link LegacyErrorResponder} turns the recorded {@link UpstreamFailure} into the right status and body.
 *
 * <p>All callbacks run on the exchange's IO thread, so the per-attempt state needs no locking.
 */
final class GuardedProxyClient implements ProxyClient {
    private final ProxyClient delegate;
    private final long connectTimeoutMillis;
    private final long responseTimeoutMillis;

    GuardedProxyClient(ProxyClient delegate, long connectTimeoutMillis, long responseTimeoutMillis) {
        this.delegate = delegate;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.responseTimeoutMillis = responseTimeoutMillis;
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
        attempt.connectTimer = exchange.getIoThread().executeAfter(attempt::connectTimedOut, connectTimeoutMillis, TimeUnit.MILLISECONDS);
        delegate.getConnection(target, exchange, attempt, connectTimeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** One try at getting a connection for one exchange. */
    private final class Attempt implements ProxyCallback<ProxyConnection> {
        private final HttpServerExchange exchange;
        private final ProxyCallback<ProxyConnection> callback;
        private XnioExecutor.Key connectTimer;
        private boolean settled;

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
            XnioExecutor.Key responseTimer = exchange.getIoThread().executeAfter(
                    () -> responseTimedOut(connection), responseTimeoutMillis, TimeUnit.MILLISECONDS);
            exchange.addResponseCommitListener(committed -> responseTimer.remove());
            exchange.addExchangeCompleteListener((done, next) -> {
                responseTimer.remove();
                next.proceed();
            });
            callback.completed(exchange, connection);
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

        private void responseTimedOut(ProxyConnection connection) {
            if (exchange.isResponseStarted() || exchange.isComplete()) {
                return;
            }
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, UpstreamFailure.RESPONSE_TIMEOUT);
            // Undertow closes a client connection gracefully, waiting up to 10 s for the upstream, so the
            // caller is answered here rather than when ProxyHandler finally sees the close. That late
            // failure makes ProxyHandler close the caller's connection, so it must not be reused.
            IoUtils.safeClose(connection.getConnection());
            exchange.setPersistent(false);
            exchange.setStatusCode(UpstreamFailure.RESPONSE_TIMEOUT.status());
            exchange.endExchange(); // LegacyErrorResponder writes the body
        }

        private void settle() {
            settled = true;
            connectTimer.remove();
        }

        private void mark(UpstreamFailure failure) {
            if (exchange.getAttachment(UpstreamFailure.ATTACHMENT) == null) {
                exchange.putAttachment(UpstreamFailure.ATTACHMENT, failure);
            }
        }
    }
}
