package io.migrationgateway.gateway.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import java.util.Collection;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Removes hop-by-hop headers (RFC 9110 §7.6.1) in both directions: {@code Connection} and every header it
 * names, {@code Keep-Alive}, {@code TE}, {@code Trailer}, {@code Upgrade} and {@code Proxy-*}. Undertow's
 * ProxyHandler copies all headers verbatim, so without this step a client's {@code Connection: close} or
 * {@code Proxy-Authorization} would reach the upstream and the upstream's would reach the client.
 *
 * <p>{@code Transfer-Encoding} is also hop-by-hop but is framing: on the request side it is dropped (the
 * proxy re-chunks a streamed body itself), on the response side the server needs it to frame the body.
 * Response headers are cleaned in a conduit wrapper, which runs after the upstream's headers are copied
 * and before the server decides the connection's persistence from them.
 */
public final class HopByHopHeadersHandler implements HttpHandler {
    private static final HttpString KEEP_ALIVE = new HttpString("Keep-Alive");
    private static final HttpString TRAILER = new HttpString("Trailer");
    private static final HttpString TE = new HttpString("TE");

    private final HttpHandler next;

    public HopByHopHeadersHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HeaderMap request = exchange.getRequestHeaders();
        strip(request);
        request.remove(Headers.TRANSFER_ENCODING);
        exchange.addResponseWrapper((factory, ex) -> {
            strip(ex.getResponseHeaders());
            return factory.create();
        });
        next.handleRequest(exchange);
    }

    static void strip(HeaderMap headers) {
        Collection<String> connection = headers.remove(Headers.CONNECTION);
        if (connection != null) {
            for (String value : connection) {
                for (String token : value.split(",")) {
                    String name = token.strip();
                    if (!name.isEmpty() && !isFraming(name)) {
                        headers.remove(name);
                    }
                }
            }
        }
        headers.remove(KEEP_ALIVE);
        headers.remove(TE);
        headers.remove(TRAILER);
        headers.remove(Headers.UPGRADE);
        List<HttpString> proxyHeaders = null;
        for (long cookie = headers.fastIterateNonEmpty(); cookie != -1L; cookie = headers.fiNextNonEmpty(cookie)) {
            HttpString name = headers.fiCurrent(cookie).getHeaderName();
            if (name.length() > 6 && name.toString().regionMatches(true, 0, "proxy-", 0, 6)) {
                if (proxyHeaders == null) {
                    proxyHeaders = new ArrayList<>(2);
                }
                proxyHeaders.add(name);
            }
        }
        if (proxyHeaders != null) {
            proxyHeaders.forEach(headers::remove);
        }
    }

    /** A Connection header must not be able to strip the headers that frame the message. */
    private static boolean isFraming(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.equals("content-length") || lower.equals("transfer-encoding") || lower.equals("host");
    }
}
