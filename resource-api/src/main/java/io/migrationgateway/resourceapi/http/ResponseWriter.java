package io.migrationgateway.resourceapi.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.resourceapi.status.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/** Writes complete (non-streaming) answers in the negotiated format. Requires a blocking exchange. */
public final class ResponseWriter {
    private final Codecs codecs;

    public ResponseWriter(Codecs codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    public void send(HttpServerExchange exchange, int code, JsonNode body, ResponseFormat format) throws IOException {
        sendBytes(exchange, code, codecs.write(body, format.encoding()), format.contentType());
    }

    /** A Status in the negotiated encoding (never as a Table or discovery document). */
    public void sendStatus(HttpServerExchange exchange, Status status, ResponseFormat format) throws IOException {
        Encoding encoding = format == null ? Encoding.JSON : format.encoding();
        sendBytes(exchange, status.code(), codecs.write(status.toJson(), encoding), encoding.mediaType());
    }

    public void sendBytes(HttpServerExchange exchange, int code, byte[] body, String contentType) throws IOException {
        exchange.setStatusCode(code);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, body.length);
        if (!exchange.getRequestMethod().equalToString("HEAD")) {
            OutputStream out = exchange.getOutputStream();
            out.write(body);
            out.close();
        }
        exchange.endExchange();
    }
}
