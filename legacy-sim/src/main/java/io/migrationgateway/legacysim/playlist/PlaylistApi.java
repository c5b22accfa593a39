package io.migrationgateway.legacysim.playlist;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import io.migrationgateway.legacysim.http.ApiHandler;
import io.migrationgateway.legacysim.http.ApiRequest;
import io.migrationgateway.legacysim.http.ApiResponse;
import io.migrationgateway.model.go.GoIntegers;
import io.migrationgateway.legacysim.http.Routes;
import io.migrationgateway.legacysim.search.Hit;
import io.migrationgateway.legacysim.search.SearchQuery;
import io.migrationgateway.legacysim.search.SearchStore;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Grafana 9.3's playlist endpoints (reference §1.8; {@code pkg/api/playlist.go}):
 * <ul>
 * <li>{@code GET /api/playlists?query=&limit=}: the org's playlists whose name contains {@code query}, at most
 *     {@code limit} (1000 when absent), as {@code {id, uid, name, interval}};</li>
 * <li>{@code GET /api/playlists/:uid}: the playlist with its items; {@code GET /api/playlists/:uid/items}: the items;</li>
 * <li>{@code POST /api/playlists} {@code {name, interval, items}} (Editor): {@code {id, uid, name, interval}};</li>
 * <li>{@code PUT /api/playlists/:uid} (same body, Editor): the playlist with its items;</li>
 * <li>{@code DELETE /api/playlists/:uid} (Editor): 200 with an empty body ({@code response.JSON(200, "")}).</li>
 * </ul>
 * A playlist the org does not have is 404 "Playlist not found", as Grafana's {@code ValidateOrgPlaylist}
 * middleware answers before any of the :uid handlers run (after the role check). A missing or empty name, or a
 * body Go cannot decode into the command, is 400 "bad request data" (the {@code binding:"Required"} tag).
 * Item types ({@code dashboard_by_uid}, {@code dashboard_by_tag}, {@code dashboard_by_id}) are stored as given,
 * unchecked, as 9.3 does; an item's {@code order} is its position.
 */
public final class PlaylistApi {
    private static final int DEFAULT_LIMIT = 1000;

    /** Grafana's page of dashboards per tag item of {@code /dashboards}. */
    private static final int PER_TAG = 100;

    private final PlaylistStore store;
    private final SearchStore dashboards;

    public PlaylistApi(PlaylistStore store, SearchStore dashboards) {
        this.store = store;
        this.dashboards = dashboards;
    }

    public void register(Routes routes) {
        routes.get("/api/playlists", Role.VIEWER, this::search);
        routes.get("/api/playlists/{uid}", Role.VIEWER, this::get);
        routes.get("/api/playlists/{uid}/items", Role.VIEWER, this::items);
        routes.get("/api/playlists/{uid}/dashboards", Role.VIEWER, this::dashboards);
        routes.post("/api/playlists", Role.EDITOR, this::create);
        routes.put("/api/playlists/{uid}", Role.EDITOR, this::update);
        routes.delete("/api/playlists/{uid}", Role.EDITOR, this::delete);
    }

    /** Grafana's {@code playlist.Playlist}: the list entries and the create answer; id is omitempty. */
    public record PlaylistJson(@JsonInclude(JsonInclude.Include.NON_DEFAULT) long id, String uid, String name,
                               String interval) {
        static PlaylistJson of(PlaylistStore.Playlist playlist) {
            return new PlaylistJson(playlist.id(), playlist.uid(), playlist.name(), playlist.interval());
        }
    }

    /**
     * Grafana 9.3's {@code PlaylistDTO}, the generated playlist coremodel ({@code Model} in the 9.3 OpenAPI): its
     * fields are in alphabetical order, and it has no numeric id.
     */
    public record PlaylistDto(String interval, List<ItemDto> items, String name, String uid) {
    }

    /** The coremodel's {@code PlaylistItem}: {@code title} (unused, omitempty), {@code type}, {@code value}. */
    public record ItemDto(@JsonInclude(JsonInclude.Include.NON_EMPTY) String title, String type, String value) {
        static List<ItemDto> of(List<PlaylistStore.Item> items) {
            return items.stream().map(item -> new ItemDto(item.title(), item.type(), item.value())).toList();
        }
    }

    private ApiResponse search(ApiRequest request) throws SQLException {
        int limit = request.queryInt("limit", 0);
        List<PlaylistStore.Playlist> playlists = store.search(request.orgId(), request.query("query").orElse(""),
                limit > 0 ? limit : DEFAULT_LIMIT);
        return ApiResponse.ok(playlists.stream().map(PlaylistJson::of).toList());
    }

    private ApiResponse get(ApiRequest request) throws SQLException {
        return ApiResponse.ok(dto(found(request)));
    }

    private ApiResponse items(ApiRequest request) throws SQLException {
        return ApiResponse.ok(ItemDto.of(store.items(found(request).id())));
    }

    /** Grafana's PlaylistDashboard, in its declared field order. */
    public record PlaylistDashboard(long id, String slug, String title, String uri, String url, int order) {
        /** A dashboard an id item names: Grafana reads its row, slug included. */
        static PlaylistDashboard byId(Hit hit, int order) {
            String slug = hit.uri().substring("db/".length());
            return new PlaylistDashboard(hit.id(), slug, hit.title(), "db/" + slug, hit.url(), order);
        }

        /** A dashboard a tag item found: Grafana copies the search hit, whose slug is empty. */
        static PlaylistDashboard byTag(Hit hit, int order) {
            return new PlaylistDashboard(hit.id(), hit.slug(), hit.title(), hit.uri(), hit.url(), order);
        }
    }

    /**
     * Grafana 9.3's deprecated {@code LoadPlaylistDashboards}: the dashboards of the {@code dashboard_by_id} items, then
     * up to 100 per {@code dashboard_by_tag} item by title, ordered by the position of their item; a
     * {@code dashboard_by_uid} item or a missing playlist is its 500. Ids are looked up in the caller's org here.
     */
    private ApiResponse dashboards(ApiRequest request) throws SQLException {
        Optional<PlaylistStore.Playlist> playlist = store.byUid(request.orgId(), request.param("uid"));
        if (playlist.isEmpty()) {
            throw couldNotLoad();
        }
        Map<Long, Integer> idOrder = new LinkedHashMap<>();
        List<Map.Entry<String, Integer>> tags = new ArrayList<>();
        int position = 0;
        for (PlaylistStore.Item item : store.items(playlist.get().id())) {
            switch (item.type()) {
                case "dashboard_by_id" -> idOrder.put(GoIntegers.parseIgnoringError(item.value(), 64), position);
                case "dashboard_by_tag" -> tags.add(Map.entry(item.value(), position));
                case "dashboard_by_uid" -> throw couldNotLoad();
                default -> {
                }
            }
            position++;
        }
        List<PlaylistDashboard> found = new ArrayList<>();
        if (!idOrder.isEmpty()) {
            for (Hit hit : dashboards.search(request.orgId(), new SearchQuery("", Set.of(), Hit.DASHBOARD, List.copyOf(idOrder.keySet()),
                    List.of(), List.of(), List.of(), false, SearchQuery.MAX_LIMIT, 1))) {
                found.add(PlaylistDashboard.byId(hit, idOrder.get(hit.id())));
            }
        }
        for (Map.Entry<String, Integer> tag : tags) {
            for (Hit hit : dashboards.search(request.orgId(), new SearchQuery("", Set.of(tag.getKey()), "", List.of(), List.of(),
                    List.of(), List.of(), false, PER_TAG, 1))) {
                found.add(PlaylistDashboard.byTag(hit, tag.getValue()));
            }
        }
        found.sort(Comparator.comparingInt(PlaylistDashboard::order)); // stable, as Go's sort of so few entries is
        return ApiResponse.ok(found);
    }

    private static GrafanaError couldNotLoad() {
        return GrafanaError.of(500, "Could not load dashboards");
    }

    private ApiResponse create(ApiRequest request) throws SQLException {
        return ApiResponse.ok(PlaylistJson.of(store.create(request.orgId(), command(request))));
    }

    private ApiResponse update(ApiRequest request) throws SQLException {
        String uid = found(request).uid();
        PlaylistStore.Playlist updated = store.update(request.orgId(), uid, command(request)).orElseThrow(PlaylistApi::notFound);
        return ApiResponse.ok(dto(updated));
    }

    private ApiResponse delete(ApiRequest request) throws SQLException {
        if (!store.delete(request.orgId(), request.param("uid"))) {
            throw notFound();
        }
        return ApiResponse.ok(new ApiHandler.RawJson(""));
    }

    private PlaylistStore.Playlist found(ApiRequest request) throws SQLException {
        return store.byUid(request.orgId(), request.param("uid")).orElseThrow(PlaylistApi::notFound);
    }

    private PlaylistDto dto(PlaylistStore.Playlist playlist) throws SQLException {
        return new PlaylistDto(playlist.interval(), ItemDto.of(store.items(playlist.id())), playlist.name(), playlist.uid());
    }

    private static GrafanaError notFound() {
        return GrafanaError.notFound("Playlist not found");
    }

    /** The create or update command; whatever Go's binding would refuse is "bad request data". */
    private static PlaylistStore.Command command(ApiRequest request) {
        JsonNode body = request.body();
        if (!body.isObject()) {
            throw badRequest();
        }
        String name = text(body, "name");
        if (name.isEmpty()) {
            throw badRequest();
        }
        JsonNode itemNodes = body.path("items");
        List<PlaylistStore.Item> items = new ArrayList<>();
        if (!itemNodes.isMissingNode() && !itemNodes.isNull()) {
            if (!itemNodes.isArray()) {
                throw badRequest();
            }
            for (JsonNode item : itemNodes) {
                if (!item.isObject()) {
                    throw badRequest();
                }
                items.add(new PlaylistStore.Item(text(item, "type"), text(item, "value"), text(item, "title")));
            }
        }
        return new PlaylistStore.Command(name, text(body, "interval"), items);
    }

    /** A string field, empty (Go's zero value) when absent or null. */
    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            throw badRequest();
        }
        return value.asText();
    }

    private static GrafanaError badRequest() {
        return GrafanaError.badRequest("bad request data");
    }
}
