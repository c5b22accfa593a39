package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.undertow.io.Receiver;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import java.io.IOException;

/**
 * Reads a request body whole, up to {@code routing.max-request-body}, without blocking the IO thread, for the steps
 * that must see it before anything is sent on (translation, dual-write); a body that is too large or unreadable is
 * answered in the legacy convention (413, 400) and ends the connection.
 */
final class FullBody {
    private FullBody() {
    }

    static void read(HttpServerExchange exchange, int maxBody, Receiver.FullBytesCallback then) {
        exchange.getRequestReceiver().setMaxBufferSize(maxBody);
        exchange.getRequestReceiver().receiveFullBytes(then, (failed, failure) -> unreadable(failed, failure, maxBody));
    }

    private static void unreadable(HttpServerExchange exchange, IOException failure, int maxBody) {
        // the rest of the connection's bytes are not the next request
        exchange.setPersistent(false);
        if (failure instanceof Receiver.RequestToLargeException) {
            LegacyErrorBody.send(exchange, 413, "Request body larger than " + maxBody + " bytes");
        } else if (failure instanceof RequestTooBigException) {
            // server.max-request-body, below routing.max-request-body
            LegacyErrorBody.send(exchange, 413, "Request body larger than " + exchange.getMaxEntitySize() + " bytes");
        } else {
            LegacyErrorBody.send(exchange, 400, "Bad request: the request body could not be read");
        }
    }
}
