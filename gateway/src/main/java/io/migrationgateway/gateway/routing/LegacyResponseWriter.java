package io.migrationgateway.gateway.routing;

import io.migrationgateway.translators.legacy.LegacyResponse;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;

/** Writes a legacy answer the gateway made itself (translated, refused or retired) as Grafana writes its API answers. */
final class LegacyResponseWriter {
    private LegacyResponseWriter() {
    }

    static void write(HttpServerExchange exchange, LegacyResponse response) {
        exchange.setStatusCode(response.status());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        // Grafana marks every API answer no-store: a cached copy would outlive the next flip of the mode
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(ByteBuffer.wrap(response.bytes()));
    }
}
