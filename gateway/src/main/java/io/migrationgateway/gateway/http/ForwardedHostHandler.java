package io.migrationgateway.gateway.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Sets {@code X-Forwarded-Host} to the client's {@code Host} header, port included, when no earlier proxy
 * set it. Undertow's ProxyHandler would send the host name without its port (and the port separately in
 * {@code X-Forwarded-Port}); applications that build absolute URLs, Grafana among them, expect the
 * header as the client wrote it. {@code X-Forwarded-For} and {@code -Proto} are appended by the proxy.
 */
public final class ForwardedHostHandler implements HttpHandler {
    private final HttpHandler next;

    public ForwardedHostHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.getRequestHeaders().contains(Headers.X_FORWARDED_HOST)) {
            String host = exchange.getRequestHeaders().getFirst(Headers.HOST);
            if (host != null) {
                exchange.getRequestHeaders().put(Headers.X_FORWARDED_HOST, host);
            }
        }
        next.handleRequest(exchange);
    }
}
