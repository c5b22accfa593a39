package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One request to the legacy API that a {@link ResourcePlan} asks the gateway to send, with the caller's own
 * credentials and the org as {@code X-Grafana-Org-Id}. The answer comes back as a
 * {@link io.migrationgateway.translators.legacy.LegacyResponse}, errors included.
 *
 * @param method upper-case HTTP method
 * @param path   path and query, percent-encoded, e.g. {@code /api/search?type=dash-db&limit=1000&page=1}
 * @param body   JSON body, or a {@link MissingNode} for none
 * @param orgId  the org to act in
 */
public record LegacyCall(String method, String path, JsonNode body, long orgId) {
    public LegacyCall {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(body, "body");
    }

    public static LegacyCall get(String path, long orgId) {
        return new LegacyCall("GET", path, MissingNode.getInstance(), orgId);
    }

    public static LegacyCall delete(String path, long orgId) {
        return new LegacyCall("DELETE", path, MissingNode.getInstance(), orgId);
    }

    /** {@code value} percent-encoded as one path segment (a space is {@code %20}, a slash {@code %2F}). */
    public static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code value} percent-encoded as a query parameter value. */
    public static String queryValue(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
