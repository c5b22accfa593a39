package io.migrationgateway.gateway.reports;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report is asked for: a window and, optionally, some resources and namespaces (empty: all).
 *
 * @param from start of the window (inclusive)
 * @param to   end of the window (exclusive)
 */
public record ReportQuery(Instant from, Instant to, List<String> resources, List<String> namespaces) {
    /** The window when none is asked for. */
    public static final Duration DEFAULT_WINDOW = Duration.ofHours(24);
    private static final Pattern AGO = Pattern.compile("(\\d{1,6})([mhd])");

    public ReportQuery {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        resources = List.copyOf(resources);
        namespaces = List.copyOf(namespaces);
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("the window must end after it starts (" + from + " .. " + to + ")");
        }
    }

    /**
     * Reads {@code since} as a time ago ({@code 90m}, {@code 24h}, {@code 7d}) or an instant
     * ({@code 2026-11-20T00:00:00Z}), and {@code until} as an instant; either may be null (24 h ago; now).
     *
     * @throws IllegalArgumentException saying what is accepted
     */
    public static ReportQuery parse(String since, String until, List<String> resources, List<String> namespaces, Instant now) {
        Instant to = until == null || until.isBlank() ? now : instant("until", until);
        Instant from;
        if (since == null || since.isBlank()) {
            from = to.minus(DEFAULT_WINDOW);
        } else {
            Matcher ago = AGO.matcher(since.strip().toLowerCase(Locale.ROOT));
            from = ago.matches() ? to.minus(Duration.ofMinutes(Long.parseLong(ago.group(1)) * switch (ago.group(2)) {
                case "m" -> 1;
                case "h" -> 60;
                default -> 1440;
            })) : instant("since", since);
        }
        return new ReportQuery(from, to, resources, namespaces);
    }

    private static Instant instant(String name, String text) {
        try {
            return Instant.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " is a time ago such as 90m, 24h or 7d, or an instant such as "
                    + "2026-11-20T00:00:00Z; got '" + text.strip() + "'");
        }
    }

    /** A twenty-fourth of the window: the width of a chart's time buckets. */
    Duration bucket() {
        return Duration.between(from, to).dividedBy(24);
    }
}
