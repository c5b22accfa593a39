package io.migrationgateway.gateway.http;

import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last line of defence: an exception no step expected becomes one log line (with the request id)
 * and a legacy-shaped 500, never a stack trace in a response. An {@link OutOfMemoryError} (any
 * {@link VirtualMachineError} but a stack overflow) is the process's failure, not the request's: it halts the gateway
 * ({@link OutOfMemoryPolicy}).
 */
public final class ErrorBoundaryHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorBoundaryHandler.class);
    private final HttpHandler next;

    public ErrorBoundaryHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        try {
            next.handleRequest(exchange);
        } catch (Throwable unexpected) {
            OutOfMemoryPolicy.haltIfFatal(unexpected);
            LOG.error("unexpected error handling request {}", exchange.getAttachment(RequestIdHandler.ATTACHMENT), unexpected);
            if (!exchange.isResponseStarted()) {
                exchange.getResponseHeaders().clear();
                LegacyErrorBody.send(exchange, 500, "Internal gateway error");
            } else {
                exchange.endExchange();
            }
        }
    }
}
