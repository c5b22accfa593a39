package io.migrationgateway.gateway.routing;

import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Tells, in a few nanoseconds and without decoding anything, that a path is no translated route at all, so that the
 * bulk of legacy traffic ({@code /api/health}, {@code /api/datasources/...}, {@code /public/...}) skips the route
 * table, whose match decodes every segment. A route's literal start (the template up to its first variable, such as
 * {@code /api/dashboards/uid/}) must begin the path, unless the path holds a percent-escape, which could spell one, or
 * a repeated slash or a path parameter ({@code ;}), which a route's lookalike may hold ({@link RouteFinder#lookalikeOf}).
 */
final class RoutePrefilter {
    private final String[] prefixes;

    RoutePrefilter(TranslatorRegistry translators) {
        Set<String> literalStarts = new LinkedHashSet<>();
        for (Translator translator : translators.all()) {
            for (LegacyRoute route : translator.routes()) {
                literalStarts.add(literalStart(route));
            }
            for (UntranslatedOperation operation : translator.untranslated()) {
                literalStarts.add(literalStart(operation.route()));
            }
        }
        this.prefixes = literalStarts.toArray(String[]::new);
    }

    private static String literalStart(LegacyRoute route) {
        int variable = route.template().indexOf('{');
        return variable < 0 ? route.template() : route.template().substring(0, variable);
    }

    /** False when no translated route or untranslated operation can match {@code rawPath} (as sent, percent-encoded); true: ask the route table. */
    boolean mayMatch(String rawPath) {
        if (rawPath.indexOf('%') >= 0 || rawPath.indexOf(';') >= 0 || rawPath.contains("//")) {
            return true;
        }
        for (String prefix : prefixes) {
            if (rawPath.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
