package io.migrationgateway.legacysim.http;

import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.auth.Authenticator;
import io.migrationgateway.legacysim.auth.Role;
import io.undertow.Handlers;
import io.undertow.server.HttpHandler;
import io.undertow.server.RoutingHandler;

/**
 * The simulator's route table: each API registers its endpoints with the role Grafana requires for them.
 * Unknown paths answer Grafana's 404 {@code {"message":"Not found"}}.
 */
public final class Routes {
    private final RoutingHandler routing = Handlers.routing();
    private final Authenticator authenticator;

    public Routes(Authenticator authenticator) {
        this.authenticator = authenticator;
        HttpHandler notFound = exchange -> ApiHandler.write(exchange, new ApiResponse(404, new GrafanaError.Body("Not found")));
        routing.setFallbackHandler(notFound).setInvalidMethodHandler(notFound);
    }

    public void get(String path, Role role, Endpoint endpoint) {
        routing.get(path, new ApiHandler(authenticator, role, endpoint));
    }

    public void post(String path, Role role, Endpoint endpoint) {
        routing.post(path, new ApiHandler(authenticator, role, endpoint));
    }

    public void put(String path, Role role, Endpoint endpoint) {
        routing.put(path, new ApiHandler(authenticator, role, endpoint));
    }

    public void patch(String path, Role role, Endpoint endpoint) {
        routing.add("PATCH", path, new ApiHandler(authenticator, role, endpoint));
    }

    public void delete(String path, Role role, Endpoint endpoint) {
        routing.delete(path, new ApiHandler(authenticator, role, endpoint));
    }

    /** A route that answers without authentication (Grafana's /api/health). */
    public void anonymous(String path, HttpHandler handler) {
        routing.get(path, handler);
    }

    /** The table; one trailing slash names the same route, as in Grafana's router (never an empty last parameter). */
    public HttpHandler handler() {
        return exchange -> {
            String path = exchange.getRelativePath();
            if (path.length() > 1 && path.endsWith("/") && !path.endsWith("//")) {
                exchange.setRelativePath(path.substring(0, path.length() - 1));
            }
            routing.handleRequest(exchange);
        };
    }
}
