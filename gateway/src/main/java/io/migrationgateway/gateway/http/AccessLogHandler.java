package io.migrationgateway.gateway.http;

import static net.logstash.logback.argument.StructuredArguments.kv;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per finished request on the {@code access} logger: request id, client, method, path,
 * status, response bytes and duration. The query string and all headers are left out on purpose:
 * they can carry credentials (tokens, API keys) that must never reach a log.
 */
public final class AccessLogHandler implements HttpHandler {
    private static final Logger ACCESS = LoggerFactory.getLogger("access");
    private final HttpHandler next;

    public AccessLogHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        long start = System.nanoTime();
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            try {
                log(done, System.nanoTime() - start);
            } finally {
                nextListener.proceed();
            }
        });
        next.handleRequest(exchange);
    }

    private static void log(HttpServerExchange exchange, long nanos) {
        InetSocketAddress client = exchange.getSourceAddress();
        log(exchange.getAttachment(RequestIdHandler.ATTACHMENT), client == null ? "-" : client.getHostString(),
                exchange.getRequestMethod().toString(), exchange.getRequestURI(), exchange.getStatusCode(),
                exchange.getResponseBytesSent(), nanos);
    }

    /** Writes one access line; also for requests served without an exchange (the fast lane's). */
    public static void log(String requestId, String client, String method, String path, int status, long bytes, long nanos) {
        if (!ACCESS.isInfoEnabled()) {
            return;
        }
        ACCESS.info("{} {} {} {} {} {} {}", kv("request_id", requestId), kv("client", client), kv("method", method),
                kv("path", path), kv("status", status), kv("bytes", bytes), kv("duration_ms", nanos / 1_000_000.0));
    }
}
