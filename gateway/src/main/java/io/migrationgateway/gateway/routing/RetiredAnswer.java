package io.migrationgateway.gateway.routing;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.plan.LegacyCall;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Mode 5: the legacy route is retired. The answer is {@code 410 Gone} with a legacy error body naming the successor,
 * and the headers clients and API gateways look for: {@code Deprecation} (RFC 9745, a date), {@code Sunset}
 * (RFC 8594, an HTTP-date; both from {@code routing.sunset}) and {@code Link} to the successor with
 * {@code rel="successor-version"}: the kind's collection on the Resource API in the request's namespace, or the
 * object itself when the route names one by uid. Needs no caller: the answer is the same for everyone.
 */
final class RetiredAnswer {
    static final HttpString DEPRECATION = new HttpString("Deprecation");
    static final HttpString SUNSET = new HttpString("Sunset");
    static final HttpString LINK = new HttpString("Link");
    /** IMF-fixdate (RFC 9110 §5.6.7), the one HTTP-date form senders may generate. */
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private final String deprecation;
    private final String sunset;

    RetiredAnswer(Instant sunset) {
        this.deprecation = "@" + sunset.getEpochSecond();
        this.sunset = HTTP_DATE.format(sunset);
    }

    void send(HttpServerExchange exchange, RouteMatch match, String namespace) {
        String successor = successor(match, namespace);
        exchange.getResponseHeaders().put(DEPRECATION, deprecation);
        exchange.getResponseHeaders().put(SUNSET, sunset);
        exchange.getResponseHeaders().put(LINK, "<" + successor + ">; rel=\"successor-version\"");
        LegacyResponseWriter.write(exchange, LegacyErrors.message(410, "This API has been retired; use " + successor));
    }

    /** A path on this gateway, so a relative reference: it stays right behind any proxy that rewrites the host. */
    static String successor(RouteMatch match, String namespace) {
        KindDeclaration kind = match.translator().kind();
        String collection = "/apis/" + kind.group() + "/" + kind.preferredVersion() + "/namespaces/" + namespace + "/" + kind.plural();
        String uid = match.pathVariables().get("uid");
        return uid == null ? collection : collection + "/" + LegacyCall.segment(uid);
    }
}
