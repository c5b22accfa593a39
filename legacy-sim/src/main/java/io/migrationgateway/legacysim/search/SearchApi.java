package io.migrationgateway.legacysim.search;

import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.Routes;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Grafana 9.3's {@code GET /api/search} (reference §1.9; {@code pkg/api/search.go}) for any signed-in role:
 * dashboards and folders of the caller's org as {@link Hit}s, sorted by title ({@code sort=alpha-desc} reverses it).
 * Query parameters, as Grafana reads them:
 * <ul>
 * <li>{@code query}: title substring, ignoring case; {@code type}: {@code dash-db} or {@code dash-folder};</li>
 * <li>{@code tag} (repeated): every tag must match;</li>
 * <li>{@code dashboardIds}, {@code dashboardUIDs} (or, when absent, {@code dashboardUID}), {@code folderIds},
 *     {@code folderUIDs} (the newer parameter; {@code general} is the root): repeated, and here also comma-separated;
 *     ids that are not numbers are skipped, as Grafana skips them;</li>
 * <li>{@code limit} (1000 when absent or below 1; above 5000 is Grafana's 422), {@code page} (from 1);</li>
 * <li>{@code starred=true}: no hits, as the simulator keeps no stars.</li>
 * </ul>
 * {@code permission} is ignored: every role sees every dashboard of its org here.
 */
public final class SearchApi {
    private static final int DEFAULT_LIMIT = 1000;

    private final SearchStore store;

    public SearchApi(SearchStore store) {
        this.store = store;
    }

    public void register(Routes routes) {
        routes.get("/api/search", Role.VIEWER, this::search);
        routes.get("/api/search/sorting", Role.VIEWER, request -> ApiResponse.ok(Map.of("sortOptions", SORT_OPTIONS)));
    }

    /** The sort options of Grafana 9.3 without Enterprise, each a Go map (keys sorted). */
    private static final List<Map<String, String>> SORT_OPTIONS = List.of(
            new TreeMap<>(Map.of("name", "alpha-asc", "displayName", "Alphabetically (A\u2013Z)",
                    "description", "Sort results in an alphabetically ascending order", "meta", "")),
            new TreeMap<>(Map.of("name", "alpha-desc", "displayName", "Alphabetically (Z\u2013A)",
                    "description", "Sort results in an alphabetically descending order", "meta", "")));

    private ApiResponse search(ApiRequest request) throws SQLException {
        int limit = request.queryInt("limit", 0);
        if (limit > SearchQuery.MAX_LIMIT) {
            throw GrafanaError.of(422, "Limit is above maximum allowed (5000), use page parameter to access hits beyond limit");
        }
        if ("true".equals(request.query("starred").orElse(""))) {
            return ApiResponse.ok(List.of());
        }
        List<String> dashboardUids = list(request, "dashboardUIDs");
        SearchQuery query = new SearchQuery(
                request.query("query").orElse(""),
                new LinkedHashSet<>(request.queryAll("tag")),
                request.query("type").orElse(""),
                ids(list(request, "dashboardIds")),
                dashboardUids.isEmpty() ? list(request, "dashboardUID") : dashboardUids,
                ids(list(request, "folderIds")),
                list(request, "folderUIDs"),
                "alpha-desc".equals(request.query("sort").orElse("")),
                limit < 1 ? DEFAULT_LIMIT : limit,
                Math.max(1, request.queryInt("page", 1)));
        return ApiResponse.ok(store.search(request.orgId(), query));
    }

    /** Every value of a repeated parameter, each also split at commas; blanks dropped. */
    private static List<String> list(ApiRequest request, String name) {
        List<String> values = new ArrayList<>();
        for (String value : request.queryAll(name)) {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    values.add(part.strip());
                }
            }
        }
        return values;
    }

    private static List<Long> ids(List<String> values) {
        List<Long> ids = new ArrayList<>();
        for (String value : values) {
            try {
                ids.add(Long.parseLong(value));
            } catch (NumberFormatException skipped) {
                // Grafana drops ids it cannot parse and searches with the rest
            }
        }
        return ids;
    }
}
