package io.migrationgateway.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.gateway.dualwrite.DualWriteStore;
import io.undertow.server.HttpHandler;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The dual-write outbox for operators: {@code GET /admin/outbox} lists the writes one side has not taken yet (oldest
 * first, with attempts and the last error), {@code POST /admin/outbox/{id}/resolve} with {@code {"reason": "..."}}
 * closes one an operator has dealt with (a write the legacy side can never take, say), recording who and why.
 */
final class OutboxApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BODY = 16 * 1024;
    private static final int LIST_LIMIT = 1000;

    private final DualWriteStore store;
    private final String who;

    OutboxApi(DualWriteStore store, String who) {
        this.store = store;
        this.who = who;
    }

    HttpHandler pending() {
        return exchange -> AdminResponses.json(exchange, 200, store.pending(LIST_LIMIT).stream().map(entry -> {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("id", entry.id());
            view.put("target", entry.ref().target().label());
            view.put("resource", entry.ref().resource());
            view.put("namespace", entry.ref().namespace());
            view.put("name", entry.ref().name());
            view.put("deletes", entry.object().isEmpty());
            view.put("attempts", entry.attempts());
            view.put("lastError", entry.lastError());
            view.put("createdAt", entry.createdAt().toString());
            return view;
        }).toList());
    }

    HttpHandler resolve() {
        return exchange -> {
            long id;
            try {
                id = Long.parseLong(exchange.getQueryParameters().get("id").getFirst());
            } catch (NumberFormatException e) {
                AdminResponses.json(exchange, 400, AdminResponses.message("an outbox entry id is a whole number"));
                return;
            }
            JsonNode body;
            try (InputStream in = exchange.getInputStream()) {
                body = JSON.readTree(new String(in.readNBytes(MAX_BODY), StandardCharsets.UTF_8));
            } catch (JsonProcessingException e) {
                AdminResponses.json(exchange, 400, AdminResponses.message("the body is not JSON: " + e.getOriginalMessage()));
                return;
            }
            String reason = body == null ? "" : body.path("reason").asText("").strip();
            if (reason.isEmpty()) {
                AdminResponses.json(exchange, 400, AdminResponses.message("resolving an outbox entry needs {\"reason\": \"...\"}"));
                return;
            }
            if (!store.close(id, "resolved by " + who + ": " + reason)) {
                AdminResponses.json(exchange, 404, AdminResponses.message("no pending outbox entry " + id));
                return;
            }
            AdminResponses.json(exchange, 200, AdminResponses.message("outbox entry " + id + " resolved"));
        };
    }
}
