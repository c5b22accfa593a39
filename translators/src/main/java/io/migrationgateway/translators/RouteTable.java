package io.migrationgateway.translators;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the translator and route of a legacy request: the routes of every translator, by method, most literal
 * template first. A path no route matches exactly belongs to nobody (the gateway passes it through). Immutable and
 * thread-safe.
 */
final class RouteTable {
    /** A route with its template split once, for the hot path. */
    private record Entry(Translator translator, LegacyRoute route, List<String> template, int literals) {
        Entry(Translator translator, LegacyRoute route) {
            this(translator, route, LegacyRoute.segments(route.template()),
                    (int) LegacyRoute.segments(route.template()).stream().filter(s -> !LegacyRoute.isVariable(s)).count());
        }

        /** The path variables, or null when the path does not match. */
        Map<String, String> variables(List<String> path) {
            if (template.size() != path.size()) {
                return null;
            }
            Map<String, String> variables = new LinkedHashMap<>();
            for (int i = 0; i < template.size(); i++) {
                String expected = template.get(i);
                String actual = path.get(i);
                if (LegacyRoute.isVariable(expected)) {
                    if (actual.isEmpty()) {
                        return null;
                    }
                    variables.put(expected.substring(1, expected.length() - 1), actual);
                } else if (!expected.equals(actual)) {
                    return null;
                }
            }
            return variables;
        }
    }

    private final Map<String, List<Entry>> byMethod;

    RouteTable(List<Translator> translators) {
        Map<String, List<Entry>> routes = new HashMap<>();
        Map<String, LegacyRoute> seen = new HashMap<>();
        for (Translator translator : translators) {
            for (LegacyRoute route : translator.routes()) {
                LegacyRoute clash = seen.put(route.method() + " " + route.template(), route);
                if (clash != null) {
                    throw new IllegalArgumentException("two translators own " + route + " and " + clash);
                }
                routes.computeIfAbsent(route.method(), m -> new ArrayList<>()).add(new Entry(translator, route));
            }
        }
        routes.values().forEach(list -> list.sort(Comparator.comparingInt(Entry::literals).reversed()));
        routes.replaceAll((method, list) -> List.copyOf(list));
        this.byMethod = Map.copyOf(routes);
    }

    /**
     * The route of {@code method} and {@code rawPath} (as sent: percent-encoded, possibly with a query string, which is
     * ignored); empty for a path no translator owns or one that does not decode.
     */
    Optional<RouteMatch> match(String method, String rawPath) {
        List<Entry> candidates = byMethod.get(method);
        if (candidates == null || rawPath == null || !rawPath.startsWith("/")) {
            return Optional.empty();
        }
        int query = rawPath.indexOf('?');
        String path = query < 0 ? rawPath : rawPath.substring(0, query);
        List<String> segments = new ArrayList<>();
        try {
            for (String segment : LegacyRoute.segments(path)) {
                // decoded per segment, so that an encoded slash stays inside its segment; '+' is a plus in a path;
                // most segments hold no escape at all, and skipping the decoder for them is measurable per request
                segments.add(segment.indexOf('%') < 0 ? segment
                        : URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        } catch (IllegalArgumentException badEscape) {
            return Optional.empty();
        }
        for (Entry entry : candidates) {
            Map<String, String> variables = entry.variables(segments);
            if (variables != null) {
                return Optional.of(new RouteMatch(entry.translator(), entry.route(), variables));
            }
        }
        return Optional.empty();
    }
}
