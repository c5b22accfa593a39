package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.TargetParser;
import io.migrationgateway.resourceapi.http.Verb;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * Resolves what the request names ({@link ApiTarget}) and, on resources, what it does ({@link Verb}); unknown
 * paths are 404, methods a target does not allow 405. Discovery and OpenAPI are read-only.
 */
final class TargetHandler implements HttpHandler {
    private final TargetParser parser;
    private final HttpHandler next;

    TargetHandler(TargetParser parser, HttpHandler next) {
        this.parser = parser;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        ApiTarget target = parser.parse(exchange.getRequestPath());
        exchange.putAttachment(Attachments.TARGET, target);
        String method = exchange.getRequestMethod().toString();
        if (target instanceof ApiTarget.Resource resource) {
            exchange.putAttachment(Attachments.VERB, Verb.of(method, resource, exchange.getQueryParameters()));
        } else if (!method.equals("GET") && !method.equals("HEAD")) {
            throw StatusErrors.methodNotAllowed();
        }
        next.handleRequest(exchange);
    }
}
