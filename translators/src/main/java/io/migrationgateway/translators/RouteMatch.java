package io.migrationgateway.translators;

import java.util.Map;

/**
 * A legacy request path that a translator owns: the translator, the route and the route's path variables
 * (percent-decoded).
 */
public record RouteMatch(Translator translator, LegacyRoute route, Map<String, String> pathVariables) {
    public RouteMatch {
        pathVariables = Map.copyOf(pathVariables);
    }
}
