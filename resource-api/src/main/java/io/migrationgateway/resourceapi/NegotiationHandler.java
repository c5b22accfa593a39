package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.Negotiation;
import io.migrationgateway.resourceapi.http.ResponseFormat;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;

/**
 * Chooses the response format from {@code Accept}. {@code /version} and OpenAPI are always JSON (kubectl asks
 * for protobuf variants it can do without); {@code /api} and {@code /apis} may be aggregated discovery.
 */
final class NegotiationHandler implements HttpHandler {
    private final HttpHandler next;

    NegotiationHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HeaderValues values = exchange.getRequestHeaders().get(Headers.ACCEPT);
        String accept = values == null ? null : String.join(",", values);
        ResponseFormat format = switch (exchange.getAttachment(Attachments.TARGET)) {
            case ApiTarget.Version v -> ResponseFormat.JSON;
            case ApiTarget.OpenApiIndex i -> ResponseFormat.JSON;
            case ApiTarget.OpenApiDocument d -> ResponseFormat.JSON;
            case ApiTarget.CoreApi c -> Negotiation.forDiscovery(accept);
            case ApiTarget.Groups g -> Negotiation.forDiscovery(accept);
            default -> Negotiation.forObjects(accept);
        };
        exchange.putAttachment(Attachments.FORMAT, format);
        next.handleRequest(exchange);
    }
}
