package io.migrationgateway.gateway.routing;

import io.migrationgateway.translators.legacy.LegacyResponse;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;

/** Writes a legacy answer the gateway made itself (translated, refused or retired) as Grafana writes its API answers. */
final class LegacyResponseWriter {
    private LegacyResponseWriter() {
    }

    /**
     * Sends the answer, from the exchange's IO thread: Undertow starts reading the connection's next request as the
     * exchange ends, and an exchange ended on a worker that is then descheduled leaves the IO thread spinning until the
     * worker is back.
     */
    static void write(HttpServerExchange exchange, LegacyResponse response) {
        exchange.setStatusCode(response.status());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, response.contentType());
        // Grafana marks every API answer no-store: a cached copy would outlive the next flip of the mode
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        if (response.status() == 503) {
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, "1"); // unified storage down for now
        }
        byte[] body = response.bytes();
        if (exchange.isInIoThread()) {
            exchange.getResponseSender().send(ByteBuffer.wrap(body));
        } else {
            exchange.getIoThread().execute(() -> exchange.getResponseSender().send(ByteBuffer.wrap(body)));
        }
    }
}
