package io.migrationgateway.translators;

import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyRoute;
import java.util.Map;

/**
 * A legacy request path that a translator owns: the translator, the route, the route's path variables
 * (percent-decoded) and the translator's qualified resource (its kind's, kept here because the request path asks for
 * it several times per request).
 */
public record RouteMatch(Translator translator, LegacyRoute route, Map<String, String> pathVariables, String resource) {
    public RouteMatch {
        pathVariables = Map.copyOf(pathVariables);
    }

    /** The request this match makes, with a raw query string ({@code a=1&b=2}, or null for none). */
    public LegacyRequest request(String rawQuery, byte[] body, long orgId, Caller caller) {
        return LegacyRequest.of(route, pathVariables, rawQuery, body, orgId, caller);
    }
}
