package io.migrationgateway.gateway.http;

import io.migrationgateway.gateway.config.TrustedProxies;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Keeps a caller from telling the legacy side which host, scheme, port or proxy it was reached through: unless the peer
 * is a trusted proxy ({@code server.trusted-proxies}), any {@code X-Forwarded-Host}, {@code -Proto}, {@code -Port} or
 * {@code -Server} it sent is replaced by the gateway's own value (the {@code Host} it was reached with, its scheme, the
 * {@code Host} port or the scheme's, the host name of {@code Host}), before any step that forwards the request copies
 * its fields. Fields the caller did not send are left to the forwarding step, which adds the same values. A trusted
 * proxy's pass as sent.
 */
public final class ForwardedHeadersHandler implements HttpHandler {
    private final TrustedProxies trusted;
    private final HttpHandler next;

    public ForwardedHeadersHandler(TrustedProxies trusted, HttpHandler next) {
        this.trusted = trusted;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HeaderMap headers = exchange.getRequestHeaders();
        if ((headers.contains(Headers.X_FORWARDED_HOST) || headers.contains(Headers.X_FORWARDED_PROTO)
                || headers.contains(Headers.X_FORWARDED_PORT) || headers.contains(Headers.X_FORWARDED_SERVER))
                && !trusted.trusts(peer(exchange))) {
            replace(exchange, headers);
        }
        next.handleRequest(exchange);
    }

    private static void replace(HttpServerExchange exchange, HeaderMap headers) {
        if (headers.contains(Headers.X_FORWARDED_HOST)) {
            String host = headers.getFirst(Headers.HOST);
            if (host != null) {
                headers.put(Headers.X_FORWARDED_HOST, host);
            } else {
                headers.remove(Headers.X_FORWARDED_HOST);
            }
        }
        if (headers.contains(Headers.X_FORWARDED_PROTO)) {
            headers.put(Headers.X_FORWARDED_PROTO, exchange.getRequestScheme());
        }
        if (headers.contains(Headers.X_FORWARDED_PORT)) {
            headers.put(Headers.X_FORWARDED_PORT, exchange.getHostPort());
        }
        if (headers.contains(Headers.X_FORWARDED_SERVER)) {
            headers.put(Headers.X_FORWARDED_SERVER, exchange.getHostName());
        }
    }

    private static InetAddress peer(HttpServerExchange exchange) {
        InetSocketAddress source = exchange.getSourceAddress();
        return source == null ? null : source.getAddress();
    }
}
