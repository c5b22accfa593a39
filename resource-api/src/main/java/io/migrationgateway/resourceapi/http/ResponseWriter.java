package io.migrationgateway.resourceapi.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.model.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Complete (non-streaming) answers in the negotiated format. The request's steps run on a worker thread and
 * only set the answer: its status and headers on the exchange, its body, rendered to bytes, as an attachment.
 * {@link #finish} then sends it from the exchange's IO thread, so that the exchange ends there.
 */
public final class ResponseWriter {
    private static final AttachmentKey<byte[]> BODY = AttachmentKey.create(byte[].class);

    private final Codecs codecs;

    public ResponseWriter(Codecs codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    public void send(HttpServerExchange exchange, int code, JsonNode body, ResponseFormat format) {
        sendBytes(exchange, code, codecs.write(body, format.encoding()), format.contentType());
    }

    /** A Status in the negotiated encoding (never as a Table or discovery document). */
    public void sendStatus(HttpServerExchange exchange, Status status, ResponseFormat format) {
        Encoding encoding = format == null ? Encoding.JSON : format.encoding();
        if (status.code() == 503) {
            // a store or identity source that is down for now: a client may come back in a second, as from the apiserver
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, "1");
        }
        sendBytes(exchange, status.code(), codecs.write(status.toJson(), encoding), encoding.mediaType());
    }

    /** Sets the answer, replacing one set before; {@link #finish} sends it. */
    public void sendBytes(HttpServerExchange exchange, int code, byte[] body, String contentType) {
        exchange.setStatusCode(code);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, body.length);
        exchange.putAttachment(BODY, body);
    }

    /**
     * Ends the exchange once the steps are done with it: sends the answer they set, from the exchange's IO
     * thread, with a non-blocking write (an exchange without an answer ends with its status and headers as they
     * are). An exchange whose answer was streamed (a watch) is ended by whoever streamed it; one whose stream
     * broke off is ended here, on the calling thread, which owns its blocking stream.
     *
     * <p>Why the IO thread: Undertow starts reading the connection's next request as the exchange ends; an
     * exchange ended on a worker that is then descheduled leaves the IO thread spinning until the worker is back.
     */
    public static void finish(HttpServerExchange exchange) {
        if (exchange.isComplete()) {
            return;
        }
        if (exchange.isResponseStarted()) {
            exchange.endExchange();
            return;
        }
        exchange.getIoThread().execute(() -> {
            byte[] body = exchange.removeAttachment(BODY);
            if (body == null || body.length == 0 || exchange.getRequestMethod().equals(Methods.HEAD)) {
                exchange.endExchange();
            } else {
                // ends the exchange when written (closes the connection if the write fails)
                exchange.getResponseSender().send(ByteBuffer.wrap(body));
            }
        });
    }
}
