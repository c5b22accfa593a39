package io.migrationgateway.legacysim.http;

import io.migrationgateway.legacysim.error.GrafanaError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.legacysim.auth.Caller;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** One authenticated API call: the caller, path and query parameters, and the JSON body (read on demand). */
public final class ApiRequest {
    private final HttpServerExchange exchange;
    private final Caller caller;

    ApiRequest(HttpServerExchange exchange, Caller caller) {
        this.exchange = exchange;
        this.caller = caller;
    }

    public Caller caller() {
        return caller;
    }

    public long orgId() {
        return caller.orgId();
    }

    /** A path parameter of the route ({@code :uid}) or a query parameter. */
    public String param(String name) {
        return query(name).orElseThrow(() -> GrafanaError.notFound("Not found"));
    }

    public Optional<String> query(String name) {
        Deque<String> values = exchange.getQueryParameters().get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.ofNullable(values.peekFirst());
    }

    public List<String> queryAll(String name) {
        Deque<String> values = exchange.getQueryParameters().get(name);
        return values == null ? List.of() : new ArrayList<>(values);
    }

    public int queryInt(String name, int fallback) {
        return query(name).map(v -> {
            try {
                return Integer.parseInt(v.strip());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }).orElse(fallback);
    }

    /** The request body as JSON; a body that is not JSON is Grafana's 400 "bad request data". */
    public JsonNode body() {
        try {
            exchange.startBlocking();
            byte[] bytes = exchange.getInputStream().readAllBytes();
            if (bytes.length == 0) {
                return MissingNode.getInstance();
            }
            return Json.parse(bytes);
        } catch (IOException e) {
            throw GrafanaError.badRequest("bad request data");
        }
    }
}
