package io.migrationgateway.legacysim.http;

import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.auth.Authenticator;
import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link Endpoint} the way Grafana's API middleware does: on a worker thread (the stores use
 * JDBC), after authentication and the role check ({@code reqViewer}/{@code reqEditorRole}/{@code reqOrgAdmin}),
 * writing the answer or the error as JSON.
 */
public final class ApiHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);

    private final Authenticator authenticator;
    private final Role required;
    private final Endpoint endpoint;

    public ApiHandler(Authenticator authenticator, Role required, Endpoint endpoint) {
        this.authenticator = authenticator;
        this.required = required;
        this.endpoint = endpoint;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.isInIoThread()) {
            exchange.dispatch(this);
            return;
        }
        ApiResponse response;
        try {
            Caller caller = authenticator.authenticate(exchange);
            if (!caller.role().atLeast(required)) {
                throw GrafanaError.of(403, "Permission denied");
            }
            response = endpoint.handle(new ApiRequest(exchange, caller));
        } catch (GrafanaError e) {
            response = new ApiResponse(e.httpStatus(), e.body());
        } catch (Exception e) {
            LOG.error("unexpected error on {} {}", exchange.getRequestMethod(), exchange.getRequestPath(), e);
            response = new ApiResponse(500, new GrafanaError.Body("Internal Server Error"));
        }
        write(exchange, response);
    }

    public static void write(HttpServerExchange exchange, ApiResponse response) {
        exchange.setStatusCode(response.status());
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        Object body = response.body();
        if (body instanceof Text text) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, text.contentType());
            exchange.getResponseSender().send(text.text());
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(body instanceof RawJson raw ? raw.json() : Json.write(body));
    }

    /** A body that is not JSON (a comparison of versions rendered as HTML), sent as it is. */
    public record Text(String contentType, String text) {
    }

    /** A body that is already JSON text (a stored dashboard model, for instance). */
    public record RawJson(String json) {
    }
}
