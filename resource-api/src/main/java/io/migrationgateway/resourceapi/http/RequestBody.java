package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a request body (blocking) up to a cap, so one request cannot fill the memory. */
public final class RequestBody {
    private RequestBody() {
    }

    /**
     * The body's bytes; empty when there is none.
     *
     * @throws io.migrationgateway.resourceapi.status.ApiException 413 when it is longer than {@code maxBytes}
     *                                                             (refused from {@code Content-Length} before reading)
     */
    public static byte[] read(HttpServerExchange exchange, int maxBytes) throws IOException {
        long declared = exchange.getRequestContentLength();
        if (declared > maxBytes) {
            throw StatusErrors.tooLarge(maxBytes);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 512);
        byte[] buffer = new byte[8192];
        InputStream in = exchange.getInputStream();
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (out.size() + n > maxBytes) {
                throw StatusErrors.tooLarge(maxBytes);
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** The request's {@code Content-Type}, or {@code null}. */
    public static MediaType contentType(HttpServerExchange exchange) {
        return MediaType.parse(exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE));
    }
}
