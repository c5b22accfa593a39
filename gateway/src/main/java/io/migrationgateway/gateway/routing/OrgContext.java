package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import java.util.Deque;
import java.util.OptionalLong;

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

    /** The org the request names itself; empty when it names none and the caller's current org applies. */
    static OptionalLong requested(HttpServerExchange exchange) {
        Deque<String> target = exchange.getQueryParameters().get(TARGET_ORG_ID);
        return requested(target == null ? null : target.peekFirst(), exchange.getRequestHeaders().getFirst(ORG_HEADER));
    }

    /**
     * The same from the decoded values themselves.
     *
     * @param targetOrgId the first {@code targetOrgId} query parameter, or null
     * @param header      the first {@code X-Grafana-Org-Id} field, or null
     */
    static OptionalLong requested(String targetOrgId, String header) {
        long fromQuery = parse(targetOrgId);
        if (fromQuery > 0) {
            return OptionalLong.of(fromQuery);
        }
        long fromHeader = parse(header);
        return fromHeader > 0 ? OptionalLong.of(fromHeader) : OptionalLong.empty();
    }

    /**
     * The first {@code targetOrgId} parameter of a query as sent, not decoded (the caller makes sure there is nothing
     * to decode), or null.
     */
    static String targetOrgIdIn(String rawQuery) {
        if (rawQuery == null) {
            return null;
        }
        int from = 0;
        while (from <= rawQuery.length()) {
            int end = rawQuery.indexOf('&', from);
            if (end < 0) {
                end = rawQuery.length();
            }
            if (rawQuery.startsWith(TARGET_ORG_ID, from)) {
                int after = from + TARGET_ORG_ID.length();
                if (after == end) {
                    return "";
                }
                if (rawQuery.charAt(after) == '=') {
                    return rawQuery.substring(after + 1, end);
                }
            }
            from = end + 1;
        }
        return null;
    }

    /**
     * The caller's current org. Grafana's {@code /api/user} always names it; a legacy side that does not is taken to
     * have one org, org 1, which is where Grafana puts every user by default ({@code auto_assign_org_id}).
     */
    static long current(LegacyIdentity caller) {
        return caller.currentOrgId() > 0 ? caller.currentOrgId() : 1;
    }

    /** Go's {@code strconv.ParseInt} as Grafana uses it: anything that is not a whole number counts as 0, "none". */
    private static long parse(String text) {
        if (text == null) {
            return 0;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
