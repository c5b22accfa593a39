package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@link ResourceCall.Search} of dashboards or of folders served by Grafana's legacy {@code GET /api/search} (modes
 * 0–2), which filters and orders as the search index does: one legacy request per page, as the caller (so the legacy
 * side's permissions hold). Its pages are numbered, so an offset that is not a multiple of the limit costs a second
 * page; what it cannot filter by (a title pattern other than "contains", a case-sensitive match, the legacy-id order)
 * is a 400.
 */
public final class LegacySearchApi {
    private LegacySearchApi() {
    }

    /**
     * @param type {@code dash-db} or {@code dash-folder}: the one kind of {@code search}'s single scope
     */
    public static ResourcePlan search(ResourceCall.Search search, KindDeclaration kind, String type, long org) {
        if (search.scopes().size() != 1 || !search.kind().equals(kind)) {
            return ResourcePlan.fail(Status.internalError("the legacy search of " + kind.plural() + " searches only them"));
        }
        Optional<String> query = Optional.empty();
        if (search.title() != null) {
            query = search.title().containedText().filter(text -> !search.title().caseSensitive());
            if (query.isEmpty()) {
                return ResourcePlan.fail(Status.badRequest("the legacy search API matches titles containing a text, "
                        + "ignoring case, only"));
            }
        }
        if (search.order() == SearchOrder.LEGACY_ID) {
            return ResourcePlan.fail(Status.badRequest("the legacy search API orders by title only"));
        }
        SearchScope scope = search.scopes().getFirst();
        if (scope.folders() != null && scope.folders().isEmpty()) {
            return ResourcePlan.respond(new ResourceOutcome.Searched(List.of()));
        }
        StringBuilder filters = new StringBuilder("/api/search?type=").append(type);
        query.ifPresent(text -> filters.append("&query=").append(LegacyCall.queryValue(text)));
        search.tags().forEach(tag -> filters.append("&tag=").append(LegacyCall.queryValue(tag)));
        search.legacyIds().forEach(id -> filters.append("&dashboardIds=").append(id));
        search.names().forEach(name -> filters.append("&dashboardUIDs=").append(LegacyCall.queryValue(name)));
        if (scope.folders() != null) {
            scope.folders().stream().sorted()
                    .forEach(folder -> filters.append("&folderUIDs=").append(folder.isEmpty() ? "general" : LegacyCall.queryValue(folder)));
        }
        if (search.order() == SearchOrder.TITLE_DESC) {
            filters.append("&sort=alpha-desc");
        }
        long firstPage = search.offset() / search.limit() + 1;
        int skip = (int) (search.offset() % search.limit());
        Function<Long, LegacyCall> page = number -> LegacyCall.get(filters + "&limit=" + search.limit() + "&page=" + number, org);
        return OverLegacy.send(page.apply(firstPage), kind, "", first -> {
            List<SearchHit> hits = hits(first, kind);
            if (skip == 0 || hits.size() < search.limit()) {
                return answer(hits, skip, search.limit());
            }
            return OverLegacy.send(page.apply(firstPage + 1), kind, "", second -> {
                List<SearchHit> both = new ArrayList<>(hits);
                both.addAll(hits(second, kind));
                return answer(both, skip, search.limit());
            });
        });
    }

    private static ResourcePlan answer(List<SearchHit> hits, int skip, int limit) {
        List<SearchHit> page = hits.subList(Math.min(skip, hits.size()), Math.min(skip + limit, hits.size()));
        return ResourcePlan.respond(new ResourceOutcome.Searched(page));
    }

    /** Grafana's search hits as search hits; the folder of a folder hit is not in the answer, so it is {@code ""}. */
    private static List<SearchHit> hits(JsonNode answer, KindDeclaration kind) {
        List<SearchHit> hits = new ArrayList<>();
        for (JsonNode hit : answer) {
            List<String> tags = new ArrayList<>();
            hit.path("tags").forEach(tag -> tags.add(tag.asText()));
            hits.add(new SearchHit(kind, hit.path("uid").asText(""), hit.path("title").asText(""), tags,
                    hit.path("folderUid").asText(""), hit.path("id").asLong(0)));
        }
        return hits;
    }
}
