package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.folder.FolderRef;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.Listing;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * {@code GET /api/search} over the Resource API, as Grafana 9.3's SQL search answers it (reference §1.9; the
 * simulator's {@code SearchApi}/{@code SearchStore}): dashboards and folders, filtered by every parameter given,
 * sorted by title, one page. Folders are the other kind this search reads, so the dashboards' translator owns the
 * route and reads folders through the Resource API like any other caller. The Resource API cannot filter by title,
 * tag or folder, so the namespace's folders (and dashboards, unless only folders are asked for) are read in full.
 */
final class DashboardSearch {
    static final int MAX_LIMIT = 5000;
    private static final int DEFAULT_LIMIT = 1000;
    private static final int MAX_TAG = 50;
    private static final String DASHBOARD = "dash-db";
    private static final String FOLDER = "dash-folder";

    private DashboardSearch() {
    }

    /** One candidate hit: a dashboard or a folder, with what the filters look at. */
    private record Row(long id, String uid, String title, boolean isFolder, long folderId, String folderUid, Set<String> tags,
                       FolderRef folder) {
        ObjectNode hit() {
            String slug = Names.slugify(title);
            ObjectNode hit = Json.object();
            hit.put("id", id);
            hit.put("uid", uid);
            hit.put("title", title);
            hit.put("uri", "db/" + slug);
            hit.put("url", isFolder ? Names.folderUrl(uid, slug) : Names.dashboardUrl(uid, slug));
            hit.put("slug", "");
            hit.put("type", isFolder ? FOLDER : DASHBOARD);
            ArrayNode tagArray = hit.putArray("tags");
            tags.forEach(tagArray::add);
            hit.put("isStarred", false);
            if (folder != null) {
                if (folder.id() != 0) {
                    hit.put("folderId", folder.id());
                }
                hit.put("folderUid", folder.uid());
                hit.put("folderTitle", folder.title());
                hit.put("folderUrl", folder.url());
            }
            hit.put("sortMeta", 0);
            return hit;
        }
    }

    static LegacyPlan plan(LegacyRequest request, String namespace) {
        int limit = request.queryInt("limit", 0);
        if (limit > MAX_LIMIT) {
            return LegacyPlan.respond(LegacyErrors.message(422,
                    "Limit is above maximum allowed (5000), use page parameter to access hits beyond limit"));
        }
        if ("true".equals(request.queryValue("starred").orElse(""))) {
            return LegacyPlan.respond(LegacyResponse.ok(JsonNodeFactory.instance.arrayNode())); // no stars are kept
        }
        String type = request.queryValue("type").orElse("");
        List<Long> dashboardIds = ids(list(request, "dashboardIds"));
        List<String> uids = list(request, "dashboardUIDs");
        Predicate<Row> filter = filter(request, type, dashboardIds, uids.isEmpty() ? list(request, "dashboardUID") : uids);
        Comparator<Row> order = Comparator.comparing((Row r) -> r.title().toLowerCase(Locale.ROOT), SortedKeys.GO_ORDER)
                .thenComparing(Row::title, SortedKeys.GO_ORDER).thenComparingLong(Row::id);
        Comparator<Row> sort = "alpha-desc".equals(request.queryValue("sort").orElse("")) ? order.reversed() : order;
        int pageSize = limit < 1 ? DEFAULT_LIMIT : limit;
        int page = Math.max(1, request.queryInt("page", 1));

        return Listing.all(FolderTranslator.KIND, namespace, "", folders -> {
            Map<String, FolderRef> folderByUid = new HashMap<>();
            List<Row> rows = new ArrayList<>();
            for (ObjectNode node : folders) {
                ResourceObject folder = new ResourceObject(node);
                FolderRef ref = FolderRef.of(folder);
                folderByUid.put(ref.uid(), ref);
                // folder rows of the legacy table have folder_id 0 and their parent as folder_uid
                rows.add(new Row(ref.id(), ref.uid(), ref.title(), true, 0, folder.annotation(GrafanaMeta.FOLDER).orElse(""),
                        Set.of(), null));
            }
            if (FOLDER.equals(type)) {
                return answer(rows, filter, sort, pageSize, page);
            }
            String selector = dashboardIds.isEmpty() ? "" : IdSelector.of(dashboardIds);
            return Listing.all(DashboardTranslator.KIND, namespace, selector, dashboards -> {
                List<Row> all = new ArrayList<>(rows);
                for (ObjectNode node : dashboards) {
                    ResourceObject dashboard = new ResourceObject(node);
                    String folderUid = dashboard.annotation(GrafanaMeta.FOLDER).orElse("");
                    FolderRef folder = folderByUid.get(folderUid);
                    all.add(new Row(dashboard.legacyId(), dashboard.name(), DashboardViews.title(dashboard), false,
                            folder == null ? 0 : folder.id(), folderUid, tags(dashboard.spec().path("tags")), folder));
                }
                return answer(all, filter, sort, pageSize, page);
            }, status -> LegacyPlan.respond(DashboardTranslator.errors(status)));
        }, status -> LegacyPlan.respond(DashboardTranslator.errors(status)));
    }

    private static LegacyPlan answer(List<Row> rows, Predicate<Row> filter, Comparator<Row> sort, int pageSize, int page) {
        ArrayNode hits = JsonNodeFactory.instance.arrayNode();
        rows.stream().filter(filter).sorted(sort).skip((long) (page - 1) * pageSize).limit(pageSize)
                .forEach(row -> hits.add(row.hit()));
        return LegacyPlan.respond(LegacyResponse.ok(hits));
    }

    /** Every filter the request gives, combined with AND, as Grafana's searchstore applies them. */
    private static Predicate<Row> filter(LegacyRequest request, String type, List<Long> dashboardIds, List<String> dashboardUids) {
        String title = request.queryValue("query").orElse("").toLowerCase(Locale.ROOT);
        Set<String> tags = new LinkedHashSet<>(request.queryValues("tag"));
        List<Long> folderIds = ids(list(request, "folderIds"));
        List<String> folderUids = list(request, "folderUIDs");
        Predicate<Row> filter = row -> title.isEmpty() || row.title().toLowerCase(Locale.ROOT).contains(title);
        if (DASHBOARD.equals(type)) {
            filter = filter.and(row -> !row.isFolder());
        } else if (FOLDER.equals(type)) {
            filter = filter.and(Row::isFolder);
        }
        if (!tags.isEmpty()) {
            filter = filter.and(row -> row.tags().containsAll(tags));
        }
        if (!dashboardIds.isEmpty()) {
            filter = filter.and(row -> dashboardIds.contains(row.id()));
        }
        if (!dashboardUids.isEmpty()) {
            filter = filter.and(row -> dashboardUids.contains(row.uid()));
        }
        if (!folderIds.isEmpty()) {
            filter = filter.and(row -> folderIds.contains(row.folderId()));
        }
        if (!folderUids.isEmpty()) {
            boolean root = folderUids.contains("general");
            filter = filter.and(row -> folderUids.contains(row.folderUid()) || (root && row.folderUid().isEmpty()));
        }
        return filter;
    }

    /** A dashboard's tags as Grafana indexes them ({@code dashboard_tag}): distinct non-blank strings, cut to 50, sorted. */
    static Set<String> tags(JsonNode tags) {
        Set<String> terms = new TreeSet<>(SortedKeys.GO_ORDER);
        for (JsonNode tag : tags) {
            if (tag.isTextual() && !tag.asText().isBlank()) {
                String term = tag.asText();
                terms.add(term.length() > MAX_TAG ? term.substring(0, MAX_TAG) : term);
            }
        }
        return terms;
    }

    /** Every value of a repeated parameter, each also split at commas, blanks dropped. */
    private static List<String> list(LegacyRequest request, String name) {
        List<String> values = new ArrayList<>();
        for (String value : request.queryValues(name)) {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    values.add(part.strip());
                }
            }
        }
        return values;
    }

    /** The ids among {@code values}; Grafana skips those that are not numbers. */
    private static List<Long> ids(List<String> values) {
        List<Long> ids = new ArrayList<>();
        for (String value : values) {
            try {
                ids.add(Long.parseLong(value));
            } catch (NumberFormatException skipped) {
                // as Grafana: the others still filter
            }
        }
        return ids;
    }
}
