package io.migrationgateway.gateway.upstream;

import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.migrationgateway.gateway.http.RequestIdHandler;
import io.undertow.server.DefaultResponseListener;
import io.undertow.server.HttpServerExchange;

/**
 * Gives every answer the proxy makes up by itself a legacy-shaped JSON body. Undertow's ProxyHandler
 * ends such exchanges with a bare status (503 for any connection or read failure, 504 for its own
 * timeout, 500 for a read error before the response head); this listener runs at that point, before
 * anything was sent, and writes the status and message of the recorded {@link UpstreamFailure}.
 * Answers relayed from the upstream never reach it: their response has already started.
 */
final class LegacyErrorResponder implements DefaultResponseListener {
    @Override
    public boolean handleDefaultResponse(HttpServerExchange exchange) {
        if (exchange.isResponseStarted() || exchange.getStatusCode() < 500) {
            return false;
        }
        if (exchange.getAttachment(GuardedProxyClient.ABANDONED) != null) {
            exchange.setStatusCode(400); // the caller's malformed body, and its connection is closed already
            return false;
        }
        UpstreamFailure failure = exchange.getAttachment(UpstreamFailure.ATTACHMENT);
        if (failure == null) {
            // The connection was fine but the exchange broke before a response head: reset, empty reply, bad head.
            failure = exchange.getStatusCode() == 504 ? UpstreamFailure.RESPONSE_TIMEOUT : UpstreamFailure.UNREACHABLE;
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, failure);
        }
        failure.log(exchange.getAttachment(RequestIdHandler.ATTACHMENT), exchange.getRequestMethod().toString(), exchange.getRequestPath());
        exchange.getResponseHeaders().clear();
        LegacyErrorBody.send(exchange, failure.status(), failure.message());
        return true;
    }
}
