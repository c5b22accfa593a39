package io.migrationgateway.translators.legacy;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One legacy endpoint a translator owns: method and path template, e.g. {@code GET /api/dashboards/uid/{uid}}. A
 * template is literal segments and whole-segment variables ({@code {uid}}); it matches a path with exactly as many
 * segments, so {@code /api/dashboards/uid/{uid}} does not match {@code /api/dashboards/uid/x/versions}.
 *
 * @param id       stable name of the route, e.g. {@code dashboards.get}: the key of comparison rules, metrics and plans
 * @param method   upper-case HTTP method
 * @param template path template starting with {@code /}
 */
public record LegacyRoute(String id, String method, String template) {
    private static final Pattern VARIABLE = Pattern.compile("\\{([A-Za-z][A-Za-z0-9]*)}");

    public LegacyRoute {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(template, "template");
        if (!template.startsWith("/") || template.contains("//") || template.endsWith("/")) {
            throw new IllegalArgumentException("a route template is /segment/segment...: " + template);
        }
        for (String segment : segments(template)) {
            if (segment.contains("{") && !VARIABLE.matcher(segment).matches()) {
                throw new IllegalArgumentException("a variable is a whole segment {name}: " + template);
            }
        }
    }

    /** The segments of a path or template, without the leading empty one: {@code /a/b} is {@code [a, b]}. */
    public static List<String> segments(String path) {
        return List.of(path.substring(1).split("/", -1));
    }

    /** Whether a template segment is a variable; its name is between the braces. */
    public static boolean isVariable(String segment) {
        return segment.startsWith("{");
    }

    @Override
    public String toString() {
        return method + " " + template + " (" + id + ")";
    }
}
