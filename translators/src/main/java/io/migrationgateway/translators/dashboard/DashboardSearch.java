package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.folder.FolderRef;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.plan.SearchScope;
import io.migrationgateway.translators.plan.TitlePattern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code GET /api/search} over the Resource API, as Grafana 9.3's SQL search answers it (reference §1.9; the
 * simulator's {@code SearchApi}/{@code SearchStore}): dashboards and folders, filtered by every parameter given,
 * sorted by title, one page. It is one {@link ResourceCall.Search} of both kinds (an indexed query where unified
 * storage has them), then one search of the folders the page's dashboards sit in, for their folder fields: a search
 * costs its page, not the number of dashboards. Folders are the other kind this search reads, so the dashboards'
 * translator owns the route and reads folders through the Resource API like any other caller.
 */
final class DashboardSearch {
    static final int MAX_LIMIT = 5000;
    private static final int DEFAULT_LIMIT = 1000;
    private static final String DASHBOARD = "dash-db";
    private static final String FOLDER = "dash-folder";
    private static final String ROOT = "general";

    private DashboardSearch() {
    }

    static LegacyPlan plan(LegacyRequest request, String namespace) {
        int limit = request.queryInt("limit", 0);
        if (limit > MAX_LIMIT) {
            return respond(LegacyErrors.message(422,
                    "Limit is above maximum allowed (5000), use page parameter to access hits beyond limit"));
        }
        if ("true".equals(request.queryValue("starred").orElse(""))) {
            return respond(LegacyResponse.ok(JsonNodeFactory.instance.arrayNode())); // no stars are kept
        }
        int pageSize = limit < 1 ? DEFAULT_LIMIT : limit;
        long offset = (Math.max(1, request.queryInt("page", 1)) - 1L) * pageSize;
        String query = request.queryValue("query").orElse("");
        TitlePattern title = query.isEmpty() ? null : TitlePattern.containing(query, false);
        Set<String> tags = new LinkedHashSet<>(request.queryValues("tag"));
        List<Long> dashboardIds = ids(list(request, "dashboardIds"));
        List<String> uids = list(request, "dashboardUIDs");
        List<String> dashboardUids = uids.isEmpty() ? list(request, "dashboardUID") : uids;
        SearchOrder order = "alpha-desc".equals(request.queryValue("sort").orElse("")) ? SearchOrder.TITLE_DESC : SearchOrder.TITLE_ASC;
        String type = request.queryValue("type").orElse("");
        List<Long> folderIds = ids(list(request, "folderIds"));
        List<String> folderUids = list(request, "folderUIDs").stream().map(uid -> uid.equals(ROOT) ? "" : uid).toList();
        return inFolders(namespace, folderIds, folders -> {
            List<SearchScope> scopes = scopes(type, folderIds, folders, folderUids);
            if (scopes.isEmpty()) {
                return respond(LegacyResponse.ok(JsonNodeFactory.instance.arrayNode()));
            }
            ResourceCall.Search search = new ResourceCall.Search(namespace, scopes, title, tags, dashboardIds, dashboardUids,
                    order, offset, pageSize);
            return LegacyPlan.call(search, outcome -> outcome instanceof ResourceOutcome.Searched searched
                    ? withFolders(namespace, searched.hits())
                    : failure(outcome));
        });
    }

    /**
     * Continues with the uids of the folders {@code folderIds} names (0, the root, is no folder and names none); none
     * asked for, none looked up.
     */
    private static LegacyPlan inFolders(String namespace, List<Long> folderIds, Function<Set<String>, LegacyPlan> then) {
        List<Long> real = folderIds.stream().filter(id -> id != 0).distinct().toList();
        if (real.isEmpty()) {
            return then.apply(Set.of());
        }
        ResourceCall.Search byId = ResourceCall.Search.of(namespace, List.of(FolderTranslator.KIND), SearchOrder.LEGACY_ID, 0,
                Math.min(real.size(), ResourceCall.MAX_PAGE)).withLegacyIds(real);
        return LegacyPlan.call(byId, outcome -> outcome instanceof ResourceOutcome.Searched searched
                ? then.apply(names(searched.hits()))
                : failure(outcome));
    }

    /**
     * The kinds the search looks at, each with the folders its objects must sit in, as Grafana's SQL reads
     * {@code type}, {@code folderIds} and {@code folderUIDs}: a folder's own row has folder id 0 and its parent as
     * folder uid, so {@code folderIds} keeps folders only when it names the root (0), and {@code folderUIDs} keeps the
     * objects (folders too) whose folder uid is one of them ({@code general}: the root).
     */
    private static List<SearchScope> scopes(String type, List<Long> folderIds, Set<String> folderIdUids, List<String> folderUids) {
        Set<String> dashboardFolders = null;
        boolean foldersIncluded = !DASHBOARD.equals(type);
        if (!folderIds.isEmpty()) {
            dashboardFolders = new HashSet<>(folderIdUids);
            if (folderIds.contains(0L)) {
                dashboardFolders.add("");
            } else {
                foldersIncluded = false;
            }
        }
        Set<String> folderFolders = null;
        if (!folderUids.isEmpty()) {
            dashboardFolders = intersect(dashboardFolders, folderUids);
            folderFolders = Set.copyOf(folderUids);
        }
        List<SearchScope> scopes = new ArrayList<>();
        if (foldersIncluded) {
            scopes.add(new SearchScope(FolderTranslator.KIND, folderFolders));
        }
        if (!FOLDER.equals(type)) {
            scopes.add(new SearchScope(DashboardTranslator.KIND, dashboardFolders));
        }
        return scopes.stream().filter(scope -> scope.folders() == null || !scope.folders().isEmpty()).toList();
    }

    private static Set<String> intersect(Set<String> folders, List<String> more) {
        if (folders == null) {
            return Set.copyOf(more);
        }
        Set<String> both = new HashSet<>(folders);
        both.retainAll(more);
        return both;
    }

    /** The hits as Grafana writes them, after one search of the folders the dashboards among them sit in. */
    private static LegacyPlan withFolders(String namespace, List<SearchHit> hits) {
        List<String> folderUids = hits.stream().filter(hit -> isDashboard(hit.kind()) && !hit.folder().isEmpty())
                .map(SearchHit::folder).distinct().toList();
        if (folderUids.isEmpty()) {
            return respond(LegacyResponse.ok(answer(hits, Map.of())));
        }
        ResourceCall.Search folders = ResourceCall.Search.of(namespace, List.of(FolderTranslator.KIND), SearchOrder.TITLE_ASC, 0,
                folderUids.size()).withNames(folderUids);
        return LegacyPlan.call(folders, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched found)) {
                return failure(outcome);
            }
            Map<String, FolderRef> byUid = new HashMap<>();
            found.hits().forEach(folder -> byUid.put(folder.name(), new FolderRef(folder.legacyId(), folder.name(), folder.title())));
            return respond(LegacyResponse.ok(answer(hits, byUid)));
        });
    }

    private static ArrayNode answer(List<SearchHit> hits, Map<String, FolderRef> folders) {
        ArrayNode answer = JsonNodeFactory.instance.arrayNode();
        // a dashboard whose folder is gone is shown at the root, as the legacy join shows it
        hits.forEach(hit -> answer.add(hit(hit, isDashboard(hit.kind()) ? folders.get(hit.folder()) : null)));
        return answer;
    }

    /** One hit in Grafana's field order; folder fields only for a dashboard in a folder. */
    private static ObjectNode hit(SearchHit found, FolderRef folder) {
        boolean isFolder = !isDashboard(found.kind());
        String slug = Names.slugify(found.title());
        ObjectNode hit = Json.object();
        hit.put("id", found.legacyId());
        hit.put("uid", found.name());
        hit.put("title", found.title());
        hit.put("uri", "db/" + slug);
        hit.put("url", isFolder ? Names.folderUrl(found.name(), slug) : Names.dashboardUrl(found.name(), slug));
        hit.put("slug", "");
        hit.put("type", isFolder ? FOLDER : DASHBOARD);
        ArrayNode tags = hit.putArray("tags");
        found.tags().forEach(tags::add);
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

    private static boolean isDashboard(KindDeclaration kind) {
        return kind.equals(DashboardTranslator.KIND);
    }

    private static Set<String> names(List<SearchHit> hits) {
        Set<String> names = new HashSet<>();
        hits.forEach(hit -> names.add(hit.name()));
        return names;
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return respond(outcome instanceof ResourceOutcome.Failed failed ? DashboardTranslator.errors(failed.status())
                : DashboardTranslator.errors(Status.internalError("a search answered " + outcome.getClass().getSimpleName())));
    }

    private static LegacyPlan respond(LegacyResponse response) {
        return LegacyPlan.respond(response);
    }

    /** Every value of a repeated parameter, each also split at commas, blanks dropped. */
    static List<String> list(LegacyRequest request, String name) {
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
    static List<Long> ids(List<String> values) {
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
