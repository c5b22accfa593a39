package io.migrationgateway.gateway.observability;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, range and subquery brackets,
 * label lists ({@code by (...)}, {@code on (...)}, ...), function calls' names, keywords and numbers are taken out.
 * Enough for the alert and panel queries this project ships, not a full PromQL parser.
 */
final class PromQl {
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
    private static final Pattern LABEL_LIST = Pattern.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w:.$])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\\w:])\\s*(\\()?");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "by", "without", "on", "ignoring", "group_left",
            "group_right", "offset", "bool", "inf", "nan", "atan2", "start", "end");

    private PromQl() {
    }

    static Set<String> metricNames(String expression) {
        String rest = STRING.matcher(expression).replaceAll(" ");
        rest = MATCHERS.matcher(rest).replaceAll(" ");
        rest = RANGE.matcher(rest).replaceAll(" ");
        rest = LABEL_LIST.matcher(rest).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher identifier = IDENTIFIER.matcher(rest);
        while (identifier.find()) {
            String name = identifier.group(1);
            boolean called = identifier.group(2) != null;
            if (!called && !KEYWORDS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                names.add(name);
            }
        }
        return names;
    }

    /** The sample names of a Prometheus text exposition ({@code name{labels} value} lines; comments are skipped). */
    static Set<String> scrapedNames(String exposition) {
        Set<String> names = new TreeSet<>();
        exposition.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).forEach(line -> {
            int end = 0;
            while (end < line.length() && line.charAt(end) != '{' && line.charAt(end) != ' ') {
                end++;
            }
            names.add(line.substring(0, end));
        });
        return names;
    }
}
