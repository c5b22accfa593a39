package io.migrationgateway.gateway.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.Methods;

/**
 * Refuses requests whose framing two HTTP parsers could read differently, before anything is forwarded:
 * the classic request-smuggling shapes (both {@code Content-Length} and {@code Transfer-Encoding},
 * several or non-numeric lengths, a transfer coding other than {@code chunked}), and the methods a
 * reverse proxy must not pass on ({@code CONNECT} would open a tunnel, {@code TRACE} echoes credentials).
 * A body declared larger than {@code server.max-request-body} gets 413 here rather than a cut connection.
 * Undertow's parser already refuses malformed request lines and header lines (bare CR or LF, obs-fold)
 * with 400 before any handler runs.
 */
public final class RequestGuardHandler implements HttpHandler {
    private final long maxRequestBody;
    private final HttpHandler next;

    /** @param maxRequestBody the largest declared body to accept, or -1 for no limit */
    public RequestGuardHandler(long maxRequestBody, HttpHandler next) {
        this.maxRequestBody = maxRequestBody;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String problem = problemWith(exchange);
        if (problem != null) {
            exchange.setPersistent(false); // the rest of the connection's bytes cannot be trusted
            LegacyErrorBody.send(exchange, problem.startsWith("method") ? 405 : 400, "Bad request: " + problem);
            return;
        }
        if (maxRequestBody >= 0 && exchange.getRequestContentLength() > maxRequestBody) {
            exchange.setPersistent(false);
            LegacyErrorBody.send(exchange, 413, "Request body larger than " + maxRequestBody + " bytes");
            return;
        }
        next.handleRequest(exchange);
    }

    static String problemWith(HttpServerExchange exchange) {
        if (exchange.getRequestMethod().equals(Methods.CONNECT) || exchange.getRequestMethod().equals(Methods.TRACE)) {
            return "method " + exchange.getRequestMethod() + " is not allowed through the gateway";
        }
        HeaderValues transferEncoding = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
        HeaderValues contentLength = exchange.getRequestHeaders().get(Headers.CONTENT_LENGTH);
        if (transferEncoding != null && contentLength != null) {
            return "both Content-Length and Transfer-Encoding are present";
        }
        if (transferEncoding != null && (transferEncoding.size() != 1 || !"chunked".equalsIgnoreCase(transferEncoding.getFirst().strip()))) {
            return "only Transfer-Encoding: chunked is supported";
        }
        if (contentLength != null && (contentLength.size() != 1 || !isDigits(contentLength.getFirst()))) {
            return "Content-Length must be one non-negative number";
        }
        return null;
    }

    private static boolean isDigits(String value) {
        if (value.isEmpty() || value.length() > 18) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
