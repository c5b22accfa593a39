package io.migrationgateway.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.Map;

/** JSON answers of the admin port. */
final class AdminResponses {
    private static final ObjectMapper JSON = new ObjectMapper()
            .findAndRegisterModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private AdminResponses() {
    }

    static Map<String, String> message(String message) {
        return Map.of("message", message);
    }

    static void json(HttpServerExchange exchange, int status, Object body) {
        String text;
        try {
            text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            status = 500;
            text = "{\"message\":\"cannot render response\"}";
        }
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(text + "\n");
    }
}
