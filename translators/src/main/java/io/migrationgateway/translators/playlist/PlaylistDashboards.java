package io.migrationgateway.translators.playlist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.go.GoIntegers;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET /api/playlists/{uid}/dashboards}, Grafana 9.3's deprecated resolution of a playlist's items: the dashboards
 * its {@code dashboard_by_id} items name, and for each {@code dashboard_by_tag} item the first 100 dashboards carrying
 * the tag by title, each entry ordered by the position of the item that brought it; a playlist with a
 * {@code dashboard_by_uid} item, or none at all, is Grafana's 500 "Could not load dashboards". Both lookups are searches
 * of the dashboards' index in the playlist's namespace (Grafana looks ids up in every org).
 */
final class PlaylistDashboards {
    /** Grafana's page of dashboards per tag item. */
    private static final int PER_TAG = 100;

    private final KindDeclaration dashboards;
    private final String namespace;
    private final List<Entry> entries = new ArrayList<>();

    /**
     * A dashboard of the answer and the position of the item that brought it; Grafana shows the slug of one an id item
     * names (it reads the row) but not of one a tag found (a search hit has none).
     */
    private record Entry(SearchHit hit, int order, boolean withSlug) {
    }

    private PlaylistDashboards(KindDeclaration dashboards, String namespace) {
        this.dashboards = dashboards;
        this.namespace = namespace;
    }

    static LegacyPlan plan(KindDeclaration playlists, KindDeclaration dashboards, String namespace, String uid) {
        return LegacyPlan.call(new ResourceCall.Get(playlists, namespace, uid), outcome -> outcome instanceof ResourceOutcome.Found found
                ? new PlaylistDashboards(dashboards, namespace).resolve(new ResourceObject(found.object()))
                : couldNotLoad());
    }

    private LegacyPlan resolve(ResourceObject playlist) {
        Map<Long, Integer> idOrder = new LinkedHashMap<>();
        List<Map.Entry<String, Integer>> tags = new ArrayList<>();
        int position = 0;
        for (JsonNode item : playlist.spec().path("items")) {
            String value = item.path("value").asText("");
            switch (item.path("type").asText("")) {
                case "dashboard_by_id" -> idOrder.put(GoIntegers.parseIgnoringError(value, 64), position);
                case "dashboard_by_tag" -> tags.add(Map.entry(value, position));
                case "dashboard_by_uid" -> {
                    return couldNotLoad();
                }
                default -> {
                }
            }
            position++;
        }
        if (idOrder.isEmpty()) {
            return byTag(tags, 0);
        }
        List<Long> ids = List.copyOf(idOrder.keySet());
        ResourceCall.Search byId = ResourceCall.Search.of(namespace, List.of(dashboards), SearchOrder.TITLE_ASC, 0,
                Math.min(ids.size(), ResourceCall.MAX_PAGE)).withLegacyIds(ids);
        return LegacyPlan.call(byId, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return couldNotLoad();
            }
            searched.hits().forEach(hit -> entries.add(new Entry(hit, idOrder.getOrDefault(hit.legacyId(), 0), true)));
            return byTag(tags, 0);
        });
    }

    /** The dashboards of the tag items from the {@code next}-th on, one search each; then the answer. */
    private LegacyPlan byTag(List<Map.Entry<String, Integer>> tags, int next) {
        if (next == tags.size()) {
            return LegacyPlan.respond(LegacyResponse.ok(answer()));
        }
        Map.Entry<String, Integer> tag = tags.get(next);
        ResourceCall.Search search = ResourceCall.Search.of(namespace, List.of(dashboards), SearchOrder.TITLE_ASC, 0, PER_TAG)
                .withTags(Set.of(tag.getKey()));
        return LegacyPlan.call(search, outcome -> {
            // Grafana leaves out a tag whose search fails
            if (outcome instanceof ResourceOutcome.Searched searched) {
                searched.hits().forEach(hit -> entries.add(new Entry(hit, tag.getValue(), false)));
            }
            return byTag(tags, next + 1);
        });
    }

    /** Grafana's PlaylistDashboard entries, by item position (ties in the order they came, as Go's sort leaves them). */
    private ArrayNode answer() {
        ArrayNode answer = JsonNodeFactory.instance.arrayNode();
        entries.stream().sorted(Comparator.comparingInt(Entry::order)).forEach(entry -> {
            String slug = Names.slugify(entry.hit().title());
            ObjectNode dashboard = answer.addObject();
            dashboard.put("id", entry.hit().legacyId());
            dashboard.put("slug", entry.withSlug() ? slug : "");
            dashboard.put("title", entry.hit().title());
            dashboard.put("uri", "db/" + slug);
            dashboard.put("url", Names.dashboardUrl(entry.hit().name(), slug));
            dashboard.put("order", entry.order());
        });
        return answer;
    }

    private static LegacyPlan couldNotLoad() {
        return LegacyPlan.respond(LegacyErrors.message(500, "Could not load dashboards"));
    }
}
