package io.migrationgateway.gateway.http;

import io.migrationgateway.resourceapi.ResourceApiHandler;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The fork between the two APIs on the public port: {@code /apis}, {@code /api} (exactly), {@code /version}
 * and {@code /openapi/...} go to the gateway's own Resource API; everything else, including every
 * {@code /api/...} legacy route, goes on to the legacy side.
 */
public final class ResourceApiRoute implements HttpHandler {
    private final HttpHandler resourceApi;
    private final HttpHandler legacy;

    public ResourceApiRoute(HttpHandler resourceApi, HttpHandler legacy) {
        this.resourceApi = resourceApi;
        this.legacy = legacy;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (ResourceApiHandler.owns(exchange.getRequestPath())) {
            exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.RESOURCE_API);
            resourceApi.handleRequest(exchange);
        } else {
            legacy.handleRequest(exchange);
        }
    }
}
