package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.model.go.GoIntegers;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.HttpString;
import java.util.Deque;
import java.util.Optional;

/**
 * The org a legacy request acts in, decided as Grafana decides it (reference §1.1, authn's {@code orgIDFromRequest}):
 * the {@code targetOrgId} query parameter when it is above 0, else the {@code X-Grafana-Org-Id} header when it is above
 * 0, else the caller's current org. The first two need nothing but the request; the last needs the legacy side.
 */
final class OrgContext {
    static final String TARGET_ORG_ID = "targetOrgId";
    static final HttpString ORG_HEADER = new HttpString("X-Grafana-Org-Id");

    private OrgContext() {
    }

    /** What a request names as the org it acts in. */
    sealed interface Named {
        /** An org above 0. */
        record Org(long id) implements Named {
        }

        /** None: the caller's current org applies. */
        record None() implements Named {
        }

        /**
         * A value the gateway cannot be sure the legacy side reads as it does (padded, non-ASCII digits, given twice
         * differently), so that the two could act in different orgs: refused, with this message.
         */
        record Unclear(String message) implements Named {
        }
    }

    private static final Named NONE = new Named.None();

    /** The org the request names: {@code targetOrgId}, every value of it and of the header considered. */
    static Named named(HttpServerExchange exchange) {
        Deque<String> targets = exchange.getQueryParameters().get(TARGET_ORG_ID);
        HeaderValues headers = exchange.getRequestHeaders().get(ORG_HEADER);
        if (targets != null && targets.stream().distinct().count() > 1) {
            return new Named.Unclear("Bad request: targetOrgId is given more than once");
        }
        if (headers != null && headers.stream().distinct().count() > 1) {
            return new Named.Unclear("Bad request: X-Grafana-Org-Id is given more than once");
        }
        return named(targets == null ? null : targets.peekFirst(), headers == null ? null : headers.getFirst());
    }

    /**
     * The same from the decoded values themselves.
     *
     * @param targetOrgId the {@code targetOrgId} query parameter, or null
     * @param header      the {@code X-Grafana-Org-Id} field, or null
     */
    static Named named(String targetOrgId, String header) {
        Named fromQuery = read(TARGET_ORG_ID, targetOrgId);
        return fromQuery instanceof Named.None ? read(ORG_HEADER.toString(), header) : fromQuery;
    }

    /**
     * As Grafana reads it: {@code strconv.ParseInt}, whose error (or a value not above 0) means "none". A value that
     * only a lenient reading takes for a number ({@code " 2"}, {@code "2\t"}, Arabic-Indic digits) is unclear: a legacy
     * side or a proxy in front of it that trims would act in that org while Grafana would not.
     */
    private static Named read(String name, String text) {
        if (text == null) {
            return NONE;
        }
        Optional<Long> id = GoIntegers.parse(text, 64);
        if (id.isPresent()) {
            return id.get() > 0 ? new Named.Org(id.get()) : NONE;
        }
        try {
            Long.parseLong(text.strip());
            return new Named.Unclear("Bad request: " + name + " '" + text + "' is not a plain number");
        } catch (NumberFormatException notANumber) {
            return NONE;
        }
    }

    /**
     * The first {@code targetOrgId} parameter of a query as sent, not decoded (the caller makes sure there is nothing
     * to decode), or null.
     */
    static String targetOrgIdIn(String rawQuery) {
        int at = nextTargetOrgId(rawQuery, 0);
        if (at < 0) {
            return null;
        }
        int after = at + TARGET_ORG_ID.length();
        int end = rawQuery.indexOf('&', after);
        end = end < 0 ? rawQuery.length() : end;
        return after == end ? "" : rawQuery.substring(after + 1, end);
    }

    /** How many {@code targetOrgId} parameters a query as sent has. */
    static int targetOrgIdCount(String rawQuery) {
        int count = 0;
        for (int at = nextTargetOrgId(rawQuery, 0); at >= 0; at = nextTargetOrgId(rawQuery, at + 1)) {
            count++;
        }
        return count;
    }

    /** Where the next parameter named {@code targetOrgId} starts, at or after {@code from}, or -1. */
    private static int nextTargetOrgId(String rawQuery, int from) {
        if (rawQuery == null) {
            return -1;
        }
        for (int at = rawQuery.indexOf(TARGET_ORG_ID, from); at >= 0; at = rawQuery.indexOf(TARGET_ORG_ID, at + 1)) {
            int after = at + TARGET_ORG_ID.length();
            boolean starts = at == 0 || rawQuery.charAt(at - 1) == '&';
            boolean ends = after == rawQuery.length() || rawQuery.charAt(after) == '=' || rawQuery.charAt(after) == '&';
            if (starts && ends) {
                return at;
            }
        }
        return -1;
    }

    /**
     * The caller's current org. Grafana's {@code /api/user} always names it; a legacy side that does not is taken to
     * have one org, org 1, which is where Grafana puts every user by default ({@code auto_assign_org_id}).
     */
    static long current(LegacyIdentity caller) {
        return caller.currentOrgId() > 0 ? caller.currentOrgId() : 1;
    }
}
