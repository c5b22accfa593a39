package io.migrationgateway.model.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The answer of {@code POST /api/dashboards/calculate-diff} for two versions' models: {@code delta} is the jsondiffpatch
 * delta as JSON; {@code json} and {@code basic} (and any other value, Grafana's default) are HTML views of the same
 * changes. The HTML is this project's own markup: Grafana renders it with its own templates, and no client reads it
 * but a browser (Grafana's UI itself compares versions in the browser from the version routes).
 */
public final class DashboardDiff {
    public static final String JSON = "application/json";
    public static final String HTML = "text/html";

    private DashboardDiff() {
    }

    /** An answer's content type and body. */
    public record Rendered(String contentType, String body) {
    }

    /**
     * Whether Go binds {@code body} into Grafana's CalculateDiffOptions ({@code base} and {@code new}, each a
     * {@code dashboardId}, a {@code version} and an ignored {@code unsavedDashboard}; {@code diffType}): objects where
     * it has structs, integers that fit, a string. Grafana answers anything else 400 "bad request data".
     */
    public static boolean bindable(JsonNode body) {
        if (!body.isObject() || !absentOr(body.path("diffType"), JsonNode::isTextual)) {
            return false;
        }
        for (String side : List.of("base", "new")) {
            JsonNode target = body.path(side);
            if (!absentOr(target, JsonNode::isObject)) {
                return false;
            }
            if (target.isObject() && !(absentOr(target.path("dashboardId"), n -> n.isIntegralNumber() && n.canConvertToLong())
                    && absentOr(target.path("version"), n -> n.isIntegralNumber() && n.canConvertToInt()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean absentOr(JsonNode value, Predicate<JsonNode> test) {
        return value.isMissingNode() || value.isNull() || test.test(value);
    }

    public static Rendered calculate(String diffType, JsonNode base, JsonNode next) {
        return switch (diffType == null ? "" : diffType) {
            case "delta" -> new Rendered(JSON, JsonDiff.delta(base, next).toString());
            case "json" -> new Rendered(HTML, jsonView(JsonDiff.changes(base, next)));
            default -> new Rendered(HTML, basicView(JsonDiff.changes(base, next)));
        };
    }

    /** One block per top-level field that changed, listing its changes. */
    private static String basicView(List<JsonChange> changes) {
        Map<String, StringBuilder> blocks = new LinkedHashMap<>();
        for (JsonChange change : changes) {
            String field = topLevelField(change.path());
            StringBuilder block = blocks.computeIfAbsent(field, key -> new StringBuilder());
            block.append("<li class=\"diff-change diff-change-").append(word(change.kind())).append("\"><code>")
                    .append(escape(change.path())).append("</code> ").append(word(change.kind()));
            if (change.before() != null) {
                block.append(" <span class=\"diff-old\">").append(escape(change.before().toString())).append("</span>");
            }
            if (change.after() != null) {
                block.append(" <span class=\"diff-new\">").append(escape(change.after().toString())).append("</span>");
            }
            block.append("</li>\n");
        }
        StringBuilder html = new StringBuilder("<div class=\"diff-group\">\n");
        blocks.forEach((field, items) -> html.append("<div class=\"diff-block\">\n<h2 class=\"diff-block-title\"><strong class=\"diff-title\">")
                .append(escape(field)).append("</strong></h2>\n<ul class=\"diff-change-list\">\n").append(items).append("</ul>\n</div>\n"));
        return html.append("</div>\n").toString();
    }

    /** Every change as a line of JSON: the path, then the value before and after. */
    private static String jsonView(List<JsonChange> changes) {
        StringBuilder html = new StringBuilder("<div class=\"diff-json\">\n");
        for (JsonChange change : changes) {
            html.append("<div class=\"diff-json-line diff-json-").append(word(change.kind())).append("\"><span class=\"diff-json-path\">")
                    .append(escape(change.path())).append("</span>: ");
            if (change.before() != null) {
                html.append("<span class=\"diff-json-old\">").append(escape(change.before().toPrettyString())).append("</span>");
            }
            if (change.after() != null) {
                html.append("<span class=\"diff-json-new\">").append(escape(change.after().toPrettyString())).append("</span>");
            }
            html.append("</div>\n");
        }
        return html.append("</div>\n").toString();
    }

    private static String topLevelField(String path) {
        if (path.isEmpty()) {
            return "";
        }
        int end = path.indexOf('/', 1);
        return end < 0 ? path.substring(1) : path.substring(1, end);
    }

    private static String word(JsonChange.Kind kind) {
        return switch (kind) {
            case ADDED -> "added";
            case REMOVED -> "deleted";
            case CHANGED -> "changed";
        };
    }

    private static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&#34;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
