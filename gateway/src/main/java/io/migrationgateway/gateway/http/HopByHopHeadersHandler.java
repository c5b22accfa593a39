package io.migrationgateway.gateway.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HeaderValues;
import io.undertow.util.HttpString;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

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
    /** HttpString's equals and hashCode ignore case, as header names do. */
    private static final Set<HttpString> HOP_BY_HOP = HopByHop.FIELDS.stream().map(HttpString::new).collect(Collectors.toUnmodifiableSet());

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

    /** One pass over the names; most messages carry no hop-by-hop header and nothing is removed. */
    static void strip(HeaderMap headers) {
        List<HttpString> doomed = null;
        for (long cookie = headers.fastIterateNonEmpty(); cookie != -1L; cookie = headers.fiNextNonEmpty(cookie)) {
            HeaderValues values = headers.fiCurrent(cookie);
            HttpString name = values.getHeaderName();
            if (HOP_BY_HOP.contains(name) || isProxyHeader(name)) {
                if (doomed == null) {
                    doomed = new ArrayList<>(4);
                }
                doomed.add(name);
                if (name.equals(Headers.CONNECTION)) {
                    addNamedIn(values, doomed);
                }
            }
        }
        if (doomed != null) {
            doomed.forEach(headers::remove);
        }
    }

    private static boolean isProxyHeader(HttpString name) {
        return name.length() > 6 && (name.byteAt(0) | 0x20) == 'p' && name.toString().regionMatches(true, 0, HopByHop.PROXY_PREFIX, 0, 6);
    }

    /** The headers a Connection header names are hop-by-hop too, except the ones that frame the message. */
    private static void addNamedIn(HeaderValues connection, List<HttpString> doomed) {
        for (String value : connection) {
            HopByHop.namedBy(value).forEach(name -> doomed.add(new HttpString(name)));
        }
    }
}
