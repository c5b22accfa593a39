package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.model.Status;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First step: gives the request an id and turns whatever the later steps throw into a Kubernetes Status answer
 * ({@link StatusErrors} decides which), replacing any answer they set. Nothing escapes as a stack trace. The
 * exchange is ended after this step returns ({@link ResponseWriter#finish}).
 *
 * <p>But for an {@link OutOfMemoryError}, or any {@link VirtualMachineError} other than a stack overflow, even as the
 * cause of what was thrown: that is the process's failure, not the request's, and it is thrown on, to the thread's
 * uncaught-exception handler, for whoever runs the process to decide (the gateway halts). A stack overflow is one
 * request's bug, its stack unwound by now: it is answered as any other.
 */
final class StatusBoundaryHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(StatusBoundaryHandler.class);
    /** The gateway's request id header: set (and vetted) by its first step when it fronts this handler. */
    private static final HttpString REQUEST_ID = new HttpString("X-Request-Id");
    /** A cause chain longer than this is not walked further (a chain that loops through its own causes ends here). */
    private static final int MAX_CAUSES = 32;

    private final StatusErrors errors;
    private final ResponseWriter writer;
    private final HttpHandler next;

    StatusBoundaryHandler(StatusErrors errors, ResponseWriter writer, HttpHandler next) {
        this.errors = errors;
        this.writer = writer;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String id = exchange.getRequestHeaders().getFirst(REQUEST_ID);
        if (id == null) {
            id = UUID.randomUUID().toString();
            exchange.getResponseHeaders().put(REQUEST_ID, id);
        }
        exchange.putAttachment(Attachments.REQUEST_ID, id);
        try {
            next.handleRequest(exchange);
        } catch (Throwable failure) {
            rethrowIfFatal(failure);
            answer(exchange, failure, id);
        }
    }

    /** Throws the VirtualMachineError other than a stack overflow that {@code failure} is or was caused by, if any. */
    static void rethrowIfFatal(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof VirtualMachineError fatal && !(fatal instanceof StackOverflowError)) {
                throw fatal;
            }
        }
    }

    private void answer(HttpServerExchange exchange, Throwable failure, String id) {
        if (failure instanceof IOException) {
            // writing a streamed answer failed: the client is gone, no one to answer
            LOG.debug("request {}: connection failed: {}", id, failure.toString());
            exchange.setPersistent(false);
            return;
        }
        ApiTarget target = exchange.getAttachment(Attachments.TARGET);
        Status status = target instanceof ApiTarget.Resource resource
                ? errors.toStatus(failure, resource.kind(), resource.name(), id)
                : errors.toStatus(failure, id);
        if (exchange.isResponseStarted()) {
            LOG.warn("request {}: failed after the answer started ({} {}); closing", id, status.code(), status.reason());
            exchange.setPersistent(false);
            return;
        }
        writer.sendStatus(exchange, status, exchange.getAttachment(Attachments.FORMAT));
    }
}
