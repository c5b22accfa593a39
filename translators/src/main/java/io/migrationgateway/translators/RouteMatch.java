package io.migrationgateway.translators;

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
}
