package io.migrationgateway.legacysim.search;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code GET /api/search} asks for, after Grafana's defaults. Every filter that is given must hold; an empty
 * list or text filters nothing.
 *
 * @param title         case-insensitive substring of the title (Grafana's {@code ILIKE '%title%'} on PostgreSQL)
 * @param tags          tags the dashboard must all carry
 * @param type          {@link Hit#DASHBOARD}, {@link Hit#FOLDER}, or empty for both
 * @param folderIds     legacy ids of the containing folder, 0 meaning the root (top-level folders included, as their
 *                      rows have folder_id 0)
 * @param folderUids    uids of the containing folder, {@code general} meaning the root
 * @param descending    {@code alpha-desc} rather than the default {@code alpha-asc}
 * @param limit         hits per page, 1 to 5000
 * @param page          1-based page number
 */
public record SearchQuery(String title, Set<String> tags, String type, List<Long> dashboardIds, List<String> dashboardUids,
                          List<Long> folderIds, List<String> folderUids, boolean descending, int limit, int page) {
    public static final int MAX_LIMIT = 5000;

    public SearchQuery {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(type, "type");
        tags = Set.copyOf(tags);
        dashboardIds = List.copyOf(dashboardIds);
        dashboardUids = List.copyOf(dashboardUids);
        folderIds = List.copyOf(folderIds);
        folderUids = List.copyOf(folderUids);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
        if (page < 1) {
            throw new IllegalArgumentException("page must be at least 1, got " + page);
        }
    }
}
