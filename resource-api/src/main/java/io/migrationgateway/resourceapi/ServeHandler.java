package io.migrationgateway.resourceapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.discovery.DiscoveryDocuments;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.ResponseFormat;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.resourceapi.openapi.OpenApiDocuments;
import io.migrationgateway.resourceapi.rest.ResourceCall;
import io.migrationgateway.resourceapi.rest.ResourceVerbs;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.IOException;

/** Last step: answers the target, from discovery, OpenAPI or the resource verbs. */
final class ServeHandler implements HttpHandler {
    private final DiscoveryDocuments discovery;
    private final OpenApiDocuments openApi;
    private final ResourceVerbs verbs;
    private final ResponseWriter writer;

    ServeHandler(DiscoveryDocuments discovery, OpenApiDocuments openApi, ResourceVerbs verbs, ResponseWriter writer) {
        this.discovery = discovery;
        this.openApi = openApi;
        this.verbs = verbs;
        this.writer = writer;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws IOException {
        ResponseFormat format = exchange.getAttachment(Attachments.FORMAT);
        switch (exchange.getAttachment(Attachments.TARGET)) {
            case ApiTarget.Version v -> ok(exchange, discovery.version(), format);
            case ApiTarget.CoreApi c -> discoveryDocument(exchange, format.aggregated() == null
                    ? discovery.coreVersions() : discovery.aggregatedCore(format.aggregated()), format);
            case ApiTarget.Groups g -> discoveryDocument(exchange, format.aggregated() == null
                    ? discovery.groupList() : discovery.aggregated(format.aggregated()), format);
            case ApiTarget.Group g -> ok(exchange, discovery.group(g.group()).orElseThrow(StatusErrors::pathNotFound),
                    format);
            case ApiTarget.GroupVersion gv -> ok(exchange, discovery.resourceList(gv.group(), gv.version())
                    .orElseThrow(StatusErrors::pathNotFound), format);
            case ApiTarget.OpenApiIndex i -> writer.sendBytes(exchange, 200, openApi.index(), "application/json");
            case ApiTarget.OpenApiDocument d -> openApiDocument(exchange, d);
            case ApiTarget.Resource r -> verbs.serve(new ResourceCall(exchange, r,
                    exchange.getAttachment(Attachments.VERB), exchange.getAttachment(Attachments.CALLER), format));
        }
    }

    private void ok(HttpServerExchange exchange, ObjectNode body, ResponseFormat format) {
        writer.send(exchange, 200, body, format);
    }

    /** The same path answers legacy or aggregated discovery by {@code Accept}, so caches must key on it. */
    private void discoveryDocument(HttpServerExchange exchange, ObjectNode body, ResponseFormat format) {
        exchange.getResponseHeaders().put(Headers.VARY, "Accept");
        writer.send(exchange, 200, body, format);
    }

    private void openApiDocument(HttpServerExchange exchange, ApiTarget.OpenApiDocument target) {
        OpenApiDocuments.Document document = openApi.document(target.group(), target.version())
                .orElseThrow(StatusErrors::pathNotFound);
        String hash = exchange.getQueryParameters().containsKey("hash")
                ? exchange.getQueryParameters().get("hash").peekFirst() : null;
        // a URL with the current hash names this exact content for good, as the apiserver marks it
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL,
                document.hash().equals(hash) ? "public, immutable" : "no-cache, private");
        writer.sendBytes(exchange, 200, document.json(), "application/json");
    }
}
