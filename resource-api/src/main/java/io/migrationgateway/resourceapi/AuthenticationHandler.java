package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Establishes the caller from the {@code Authorization} header (which is never logged). Every target needs
 * credentials except {@code /version}: the kubectl dispatcher probes it first and picks a wrong kubectl binary
 * on a 401.
 */
final class AuthenticationHandler implements HttpHandler {
    private final Access access;
    private final HttpHandler next;

    AuthenticationHandler(Access access, HttpHandler next) {
        this.access = access;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!(exchange.getAttachment(Attachments.TARGET) instanceof ApiTarget.Version)) {
            String authorization = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
            exchange.putAttachment(Attachments.CALLER, access.authenticate(authorization));
        }
        next.handleRequest(exchange);
    }
}
