package io.migrationgateway.translators;

import io.migrationgateway.translators.legacy.LegacyRoute;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the translator and route of a legacy request: the routes of every translator, by method, where a literal
 * segment wins over a variable at the first segment two templates differ in, as in Grafana's router (so
 * {@code /api/serviceaccounts/migrationstatus} is not {@code /api/serviceaccounts/{serviceAccountId}}). A path no
 * route matches exactly belongs to nobody (the gateway passes it through). Immutable and thread-safe.
 */
final class RouteTable {
    /**
     * A route with its template split once, for the hot path: each segment's literal, or null where the template has a
     * variable, whose name is in {@code variables} at the same index.
     */
    private record Entry(Translator translator, LegacyRoute route, String resource, String[] literals,
                         String[] variables, int literalCount, String shape) {
        static Entry of(Translator translator, LegacyRoute route) {
            List<String> template = LegacyRoute.segments(route.template());
            String[] literals = new String[template.size()];
            String[] variables = new String[template.size()];
            int literalCount = 0;
            StringBuilder shape = new StringBuilder(template.size());
            for (int i = 0; i < template.size(); i++) {
                String segment = template.get(i);
                if (LegacyRoute.isVariable(segment)) {
                    variables[i] = segment.substring(1, segment.length() - 1);
                    shape.append(VARIABLE);
                } else {
                    literals[i] = segment;
                    literalCount++;
                    shape.append(LITERAL);
                }
            }
            return new Entry(translator, route, translator.kind().qualifiedResource(), literals, variables,
                literalCount, shape.toString());
        }

        boolean matches(String[] path) {
            if (literals.length != path.length) {
                return false;
            }
            for (int i = 0; i < literals.length; i++) {
                if (literals[i] == null ? path[i].isEmpty() : !literals[i].equals(path[i])) {
                    return false;
                }
            }
            return true;
        }

        /** The path variables of a path that {@link #matches}. */
        @SuppressWarnings("unchecked")
        Map<String, String> variablesOf(String[] path) {
            Map.Entry<String, String>[] found = new Map.Entry[literals.length - literalCount];
            int count = 0;
            for (int i = 0; i < variables.length; i++) {
                if (variables[i] != null) {
                    found[count++] = Map.entry(variables[i], path[i]);
                }
            }
            return Map.ofEntries(found);
        }
    }

    /** Shape letters of a template's segments, ordered so that sorting shapes puts literals first at each segment. */
    private static final char LITERAL = 'L';
    private static final char VARIABLE = 'V';

    private final Map<String, List<Entry>> byMethod;

    /** @param routesOf the routes of a translator this table matches */
    RouteTable(List<Translator> translators, Function<Translator, List<LegacyRoute>> routesOf) {
        Map<String, List<Entry>> routes = new HashMap<>();
        Map<String, LegacyRoute> seen = new HashMap<>();
        for (Translator translator : translators) {
            for (LegacyRoute route : routesOf.apply(translator)) {
                LegacyRoute clash = seen.put(route.method() + " " + route.template(), route);
                if (clash != null) {
                    throw new IllegalArgumentException("two translators own " + route + " and " + clash);
                }
                routes.computeIfAbsent(route.method(), m -> new ArrayList<>()).add(Entry.of(translator, route));
            }
        }
        // only templates of one length can match one path, and among those the shapes' order is the router's precedence
        routes.values().forEach(list -> list.sort(Comparator.comparing(Entry::shape)));
        routes.replaceAll((method, list) -> List.copyOf(list));
        this.byMethod = Map.copyOf(routes);
    }

    /**
     * The route of {@code method} and {@code rawPath} (as sent: percent-encoded, possibly with a query string, which is
     * ignored), with or without one trailing slash, as Grafana's router and the simulator's take it; empty for a path
     * no translator owns or one that does not decode.
     */
    Optional<RouteMatch> match(String method, String rawPath) {
        List<Entry> candidates = byMethod.get(method);
        if (candidates == null || rawPath == null || !rawPath.startsWith("/")) {
            return Optional.empty();
        }
        String path = pathOf(rawPath);
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String[] segments = segments(path);
        return segments == null ? Optional.empty() : first(candidates, segments);
    }

    /**
     * The route a path is written like when the path is read without its empty segments (repeated slashes, more than
     * one trailing slash) and path parameters ({@code ;name=value}, which some routers strip). Legacy routers differ on
     * these, so a gateway cannot tell which operation, if any, the legacy side would run. The caller asks {@link #match}
     * first: a path it takes is no lookalike.
     */
    Optional<RouteMatch> lookalike(String method, String rawPath) {
        List<Entry> candidates = byMethod.get(method);
        if (candidates == null || rawPath == null || !rawPath.startsWith("/")) {
            return Optional.empty();
        }
        List<String> canonical = new ArrayList<>();
        for (String segment : pathOf(rawPath).split("/")) {
            int parameters = segment.indexOf(';');
            String bare = parameters < 0 ? segment : segment.substring(0, parameters);
            if (!bare.isEmpty()) {
                canonical.add(bare);
            }
        }
        String[] segments = segments("/" + String.join("/", canonical));
        return segments == null ? Optional.empty() : first(candidates, segments);
    }

    private static String pathOf(String rawPath) {
        int query = rawPath.indexOf('?');
        return query < 0 ? rawPath : rawPath.substring(0, query);
    }

    private static Optional<RouteMatch> first(List<Entry> candidates, String[] segments) {
        for (Entry entry : candidates) {
            if (entry.matches(segments)) {
                return Optional.of(new RouteMatch(entry.translator(), entry.route(), entry.variablesOf(segments),
                    entry.resource()));
            }
        }
        return Optional.empty();
    }

    /**
     * The segments of a path (without the leading empty one), each percent-decoded on its own, so that an encoded slash
     * stays inside its segment, and '+' is a plus in a path; null when an escape does not decode. Split by hand: this
     * runs for every request the gateway sees while a resource is past mode 0.
     */
    private static String[] segments(String path) {
        int count = 1;
        for (int i = 1; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                count++;
            }
        }
        String[] segments = new String[count];
        int start = 1;
        for (int s = 0; s < count; s++) {
            int end = s == count - 1 ? path.length() : path.indexOf('/', start);
            String segment = path.substring(start, end);
            if (segment.indexOf('%') >= 0) {
                try {
                    segment = URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException badEscape) {
                    return null;
                }
            }
            segments[s] = segment;
            start = end + 1;
        }
        return segments;
    }
}
