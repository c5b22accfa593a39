package io.migrationgateway.translators.legacy;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.json.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A legacy request to a route a translator owns, with what the gateway learned about it.
 *
 * @param route         the matched route
 * @param pathVariables the route's path variables, percent-decoded
 * @param query         the query parameters, each with all its values in order
 * @param body          the request body as received (empty for none); the translator parses it, since a body
 *                      that is not JSON is one of the legacy errors it must answer
 * @param orgId         the org the request acts in (Grafana's {@code targetOrgId}, {@code X-Grafana-Org-Id} or current org)
 * @param caller        who sends it
 */
public record LegacyRequest(LegacyRoute route, Map<String, String> pathVariables, Map<String, List<String>> query,
                            byte[] body, long orgId, Caller caller) {
    public LegacyRequest {
        Objects.requireNonNull(route, "route");
        pathVariables = Map.copyOf(pathVariables);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        query.forEach((name, values) -> copy.put(name, List.copyOf(values)));
        query = Collections.unmodifiableMap(copy);
        body = body == null ? new byte[0] : body;
        Objects.requireNonNull(caller, "caller");
    }

    /** The request to {@code route}, with a raw query string ({@code a=1&b=2}, or null for none). */
    public static LegacyRequest of(LegacyRoute route, Map<String, String> pathVariables, String rawQuery, byte[] body, long orgId,
                                   Caller caller) {
        return new LegacyRequest(route, pathVariables, parseQuery(rawQuery), body, orgId, caller);
    }

    /** A path variable of the route; the route guarantees it is there. */
    public String pathVariable(String name) {
        String value = pathVariables.get(name);
        if (value == null) {
            throw new IllegalArgumentException(route + " has no path variable " + name);
        }
        return value;
    }

    /** The first value of a query parameter. */
    public Optional<String> queryValue(String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** Every value of a query parameter, in order. */
    public List<String> queryValues(String name) {
        return query.getOrDefault(name, List.of());
    }

    /** A query parameter as an int; {@code fallback} when absent or not a number (Grafana's {@code QueryInt}). */
    public int queryInt(String name, int fallback) {
        return queryValue(name).map(value -> {
            try {
                return Integer.parseInt(value.strip());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }).orElse(fallback);
    }

    /** The body as JSON; empty when there is none or it is not JSON. */
    public Optional<JsonNode> json() {
        return Json.parse(body);
    }

    /** {@code a=1&b=2&a=3} as {@code {a: [1, 3], b: [2]}}, percent-decoded ({@code +} is a space); null is no query. */
    public static Map<String, List<String>> parseQuery(String rawQuery) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return query;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            query.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return query;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException badEscape) {
            return text; // Go's url.ParseQuery drops such pairs; keeping the raw text keeps it visible
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LegacyRequest that && route.equals(that.route) && pathVariables.equals(that.pathVariables)
                && query.equals(that.query) && Arrays.equals(body, that.body) && orgId == that.orgId
                && caller.equals(that.caller);
    }

    @Override
    public int hashCode() {
        return Objects.hash(route, pathVariables, query, Arrays.hashCode(body), orgId, caller);
    }

    @Override
    public String toString() {
        return "LegacyRequest[" + route + ", " + pathVariables + ", " + query + ", " + body.length + " bytes, org " + orgId
                + ", " + caller.login() + "]";
    }
}
