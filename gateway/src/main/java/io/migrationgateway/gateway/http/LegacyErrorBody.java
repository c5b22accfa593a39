package io.migrationgateway.gateway.http;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Writes an error the gateway makes itself in the legacy API's own convention, Grafana's
 * {@code {"message": ..., "traceID": ...}}, so legacy clients parse it like any other legacy error.
 * The trace id is the request id, which is also in the {@code X-Request-Id} header and the access log.
 */
public final class LegacyErrorBody {
    private LegacyErrorBody() {
    }

    public static void send(HttpServerExchange exchange, int status, String message) {
        String traceId = exchange.getAttachment(RequestIdHandler.ATTACHMENT);
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        if (traceId != null) {
            exchange.getResponseHeaders().put(RequestIdHandler.HEADER, traceId);
        }
        exchange.getResponseSender().send(json(message, traceId == null ? "" : traceId));
    }

    /** The body alone, for answers written without an exchange (the fast lane's). */
    public static String json(String message, String traceId) {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        return "{\"message\":\"" + new String(encoder.quoteAsString(message)) + "\",\"traceID\":\""
                + new String(encoder.quoteAsString(traceId)) + "\"}";
    }
}
