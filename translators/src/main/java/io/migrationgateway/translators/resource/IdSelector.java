package io.migrationgateway.translators.resource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Label selectors on the legacy id label: how lookups by legacy id ({@code GET /api/folders/id/12}, search's
 * {@code dashboardIds}) become Resource API lists, and which list selectors the legacy API can serve.
 */
public final class IdSelector {
    private static final String KEY = Pattern.quote(GrafanaMeta.DEPRECATED_INTERNAL_ID);
    private static final Pattern EQUALS = Pattern.compile("\\s*" + KEY + "\\s*==?\\s*([0-9]{1,18})\\s*");
    private static final Pattern IN = Pattern.compile("\\s*" + KEY + "\\s+in\\s*\\(([0-9,\\s]*)\\)\\s*");

    private IdSelector() {
    }

    /** {@code grafana.app/deprecatedInternalID=12}, or {@code ... in (1,2)} for several. */
    public static String of(List<Long> ids) {
        if (ids.size() == 1) {
            return GrafanaMeta.DEPRECATED_INTERNAL_ID + "=" + ids.get(0);
        }
        return GrafanaMeta.DEPRECATED_INTERNAL_ID + " in (" + ids.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")";
    }

    /** The ids a selector of that form asks for; empty for any other selector (the empty one included). */
    public static Optional<List<Long>> parse(String selector) {
        Matcher equals = EQUALS.matcher(selector);
        if (equals.matches()) {
            return Optional.of(List.of(Long.parseLong(equals.group(1))));
        }
        Matcher in = IN.matcher(selector);
        if (in.matches()) {
            List<Long> ids = new ArrayList<>();
            for (String part : in.group(1).split(",")) {
                String digits = part.strip();
                if (digits.isEmpty() || digits.length() > 18) {
                    return Optional.empty();
                }
                ids.add(Long.parseLong(digits));
            }
            return Optional.of(List.copyOf(ids));
        }
        return Optional.empty();
    }
}
