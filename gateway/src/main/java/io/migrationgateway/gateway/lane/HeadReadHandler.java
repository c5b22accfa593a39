package io.migrationgateway.gateway.lane;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpServerConnection;

/**
 * Undertow's root handler on the http port: tells the connection's {@link HeadWatch} that Undertow has read a whole
 * head (it calls its root handler at that moment, on the IO thread) and, when the exchange ends, that the request is
 * over, so that a body read slowly is never taken for a slow head.
 */
final class HeadReadHandler implements HttpHandler {
    private final HttpHandler next;

    HeadReadHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        // the watch was the connection's conduit when Undertow took it, which Undertow keeps as the original one
        if (exchange.getConnection() instanceof HttpServerConnection connection
                && connection.getOriginalSourceConduit() instanceof HeadWatch watch) {
            int request = watch.headRead();
            exchange.addExchangeCompleteListener((ended, nextListener) -> {
                watch.requestOver(request, false);
                nextListener.proceed();
            });
        }
        next.handleRequest(exchange);
    }
}
