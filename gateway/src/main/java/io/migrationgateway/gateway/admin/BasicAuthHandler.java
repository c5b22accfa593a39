package io.migrationgateway.gateway.admin;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Admits a request only with the admin credentials in HTTP Basic form; anything else gets 401 with a
 * challenge. The comparison is constant-time, and neither the expected nor the presented credentials
 * are ever logged.
 */
final class BasicAuthHandler implements HttpHandler {
    private static final String CHALLENGE = "Basic realm=\"migration-gateway admin\", charset=\"UTF-8\"";
    private final AdminCredentials credentials;
    private final HttpHandler next;

    BasicAuthHandler(AdminCredentials credentials, HttpHandler next) {
        this.credentials = credentials;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (credentials.matchBasicHeader(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION))) {
            next.handleRequest(exchange);
            return;
        }
        exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, CHALLENGE);
        AdminResponses.json(exchange, 401, AdminResponses.message("Unauthorized: admin credentials required"));
    }
}
