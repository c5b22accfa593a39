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
 * @param reads    whether the route only reads: every {@code GET}, and a {@code POST} that computes an answer from
 *                 what is stored (a comparison of versions); a reading route is never dual-written
 */
public record LegacyRoute(String id, String method, String template, boolean reads) {
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

    public LegacyRoute(String id, String method, String template) {
        this(id, method, template, method.equals("GET"));
    }

    /** A {@code POST} that writes nothing. */
    public static LegacyRoute readingPost(String id, String template) {
        return new LegacyRoute(id, "POST", template, true);
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
