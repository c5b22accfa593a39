package io.migrationgateway.gateway.admin;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * Admits a request only with the admin credentials in HTTP Basic form; anything else gets 401 with a
 * challenge. The comparison is constant-time, and neither the expected nor the presented credentials
 * are ever logged.
 */
final class BasicAuthHandler implements HttpHandler {
    private static final String CHALLENGE = "Basic realm=\"migration-gateway admin\", charset=\"UTF-8\"";
    private final byte[] expected;
    private final HttpHandler next;

    BasicAuthHandler(String username, String password, HttpHandler next) {
        this.expected = (username + ":" + password).getBytes(StandardCharsets.UTF_8);
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (presentsCredentials(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION))) {
            next.handleRequest(exchange);
            return;
        }
        exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, CHALLENGE);
        AdminResponses.json(exchange, 401, AdminResponses.message("Unauthorized: admin credentials required"));
    }

    private boolean presentsCredentials(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        byte[] presented;
        try {
            presented = Base64.getDecoder().decode(authorization.substring(6).strip());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, presented);
    }
}
