package io.migrationgateway.translators.playlist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.SweepReads;
import io.migrationgateway.translators.RowConverter;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.legacy.Binding.GoType;
import io.migrationgateway.translators.legacy.Binding;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.plan.TitlePattern;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.ResourceObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Playlists: Grafana 9.3's {@code /api/playlists} (reference §1.8) ↔ {@code playlist.grafana.app} (§2.5). A playlist
 * has no version in 9.3, so a legacy update replaces it whatever happened in between (last write wins), as 9.3 does.
 * Item types are kept as given, as 9.3 keeps them; one the Resource API refuses (422 Invalid) comes back as a 400
 * with the Resource API's message (reference §2.6).
 */
public final class PlaylistTranslator implements Translator, RowConverter<PlaylistRow> {
    /** The gateway's sequence of new legacy ids for playlists, which have their own table and ids. */
    private static final String ID_SEQUENCE = "legacy_playlist_id";
    public static final KindDeclaration KIND = new KindDeclaration("playlist.grafana.app", List.of("v0alpha1"), "playlists",
            "playlist", "Playlist", List.of(), "/openapi/playlist.grafana.app-v0alpha1.json",
            "com.github.grafana.grafana.apps.playlist.pkg.apis.playlist.v0alpha1.PlaylistSpec", "title",
            GrafanaMeta.searchable("title", null));

    public static final LegacyRoute LIST = new LegacyRoute("playlists.list", "GET", "/api/playlists");
    public static final LegacyRoute GET = new LegacyRoute("playlists.get", "GET", "/api/playlists/{uid}");
    public static final LegacyRoute ITEMS = new LegacyRoute("playlists.items", "GET", "/api/playlists/{uid}/items");
    public static final LegacyRoute CREATE = new LegacyRoute("playlists.create", "POST", "/api/playlists");
    public static final LegacyRoute UPDATE = new LegacyRoute("playlists.update", "PUT", "/api/playlists/{uid}");
    public static final LegacyRoute DELETE = new LegacyRoute("playlists.delete", "DELETE", "/api/playlists/{uid}");
    public static final LegacyRoute DASHBOARDS = new LegacyRoute("playlists.dashboards", "GET", "/api/playlists/{uid}/dashboards");

    private static final int DEFAULT_LIMIT = 1000;
    private static final Map<String, GoType> COMMAND = Map.of("uid", GoType.STRING, "name", GoType.STRING,
            "interval", GoType.STRING, "items", GoType.ARRAY);
    private static final Map<String, GoType> ITEM = Map.of("type", GoType.STRING, "value", GoType.STRING, "title", GoType.STRING,
            "order", GoType.INT64, "id", GoType.INT64, "playlistId", GoType.INT64);

    private static final ComparisonRules ENTRY_RULES = ComparisonRules.of(List.of(), List.of("$[*].id"));
    private static final ComparisonRules CREATE_RULES = ComparisonRules.of(List.of("$.uid"), List.of("$.id"));
    // the Resource API keeps no item titles (Grafana's conversion drops them)
    private static final ComparisonRules DTO_RULES = ComparisonRules.of(List.of(), List.of("$.items[*].title", "$[*].title"));
    private static final ComparisonRules RESOURCE_RULES = ComparisonRules.of(
            List.of("$.metadata.resourceVersion", "$.metadata.generation", "$.metadata.uid", "$.metadata.managedFields",
                    "$.metadata.creationTimestamp", "$.metadata.annotations['grafana.app/updatedTimestamp']"),
            List.of("$.apiVersion"));

    private final TranslatorSettings settings;
    private final KindDeclaration dashboards;
    private final PlaylistsOverLegacy overLegacy;

    /** @param dashboards the kind a playlist's items name, which its dashboards route resolves them to */
    public PlaylistTranslator(TranslatorSettings settings, KindDeclaration dashboards) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.dashboards = Objects.requireNonNull(dashboards, "dashboards");
        this.overLegacy = new PlaylistsOverLegacy(settings);
    }

    @Override
    public KindDeclaration kind() {
        return KIND;
    }

    /** Each playlist and its items by uid; per org the playlist list. */
    @Override
    public SweepReads sweepReads() {
        return new SweepReads(List.of(GET, ITEMS), List.of("/api/playlists"));
    }

    @Override
    public List<LegacyRoute> routes() {
        return List.of(LIST, GET, ITEMS, CREATE, UPDATE, DELETE, DASHBOARDS);
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return LegacyPlan.guarded(() -> {
            String namespace = settings.namespaces().namespaceOf(request.orgId());
            return switch (request.route().id()) {
                case "playlists.list" -> list(request, namespace);
                case "playlists.get" -> get(request, namespace, PlaylistViews::dto);
                case "playlists.items" -> get(request, namespace, PlaylistViews::items);
                case "playlists.dashboards" -> PlaylistDashboards.plan(KIND, dashboards, namespace, request.pathVariable("uid"));
                case "playlists.create" -> create(request, namespace);
                case "playlists.update" -> update(request, namespace);
                case "playlists.delete" -> LegacyPlan.call(new ResourceCall.Delete(KIND, namespace, request.pathVariable("uid"), ""),
                        outcome -> outcome instanceof ResourceOutcome.Found ? respond(LegacyResponse.emptyOk()) : failure(outcome));
                default -> throw new IllegalArgumentException("not a playlist route: " + request.route());
            };
        });
    }

    /**
     * {@code GET /api/playlists?query=&limit=}: name containing {@code query} (case matters, as 9.3's {@code LIKE}),
     * oldest (lowest id) first, at most {@code limit}: a search for the names, then those playlists.
     */
    private LegacyPlan list(LegacyRequest request, String namespace) {
        String query = request.queryValue("query").orElse("");
        int limit = Math.min(request.queryInt("limit", 0) > 0 ? request.queryInt("limit", 0) : DEFAULT_LIMIT, ResourceCall.MAX_PAGE);
        ResourceCall.Search search = ResourceCall.Search.of(namespace, List.of(KIND), SearchOrder.LEGACY_ID, 0, limit)
                .withTitle(query.isEmpty() ? null : TitlePattern.containing(query, true));
        return LegacyPlan.call(search, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Searched searched)) {
                return failure(outcome);
            }
            if (searched.hits().isEmpty()) {
                return respond(LegacyResponse.ok(JsonNodeFactory.instance.arrayNode()));
            }
            return LegacyPlan.call(new ResourceCall.GetNames(KIND, namespace, searched.hits().stream().map(SearchHit::name).toList()),
                    found -> {
                        if (!(found instanceof ResourceOutcome.Listed listed)) {
                            return failure(found);
                        }
                        ArrayNode entries = JsonNodeFactory.instance.arrayNode();
                        listed.items().forEach(p -> entries.add(PlaylistViews.entry(new ResourceObject(p))));
                        return respond(LegacyResponse.ok(entries));
                    });
        });
    }

    private LegacyPlan get(LegacyRequest request, String namespace, Function<ResourceObject, JsonNode> view) {
        return LegacyPlan.call(new ResourceCall.Get(KIND, namespace, request.pathVariable("uid")), outcome ->
                outcome instanceof ResourceOutcome.Found found
                        ? respond(LegacyResponse.ok(view.apply(new ResourceObject(found.object()))))
                        : failure(outcome));
    }

    /** {@code POST /api/playlists {name, interval, items}}: a generated uid and a new legacy id; answers the entry. */
    private LegacyPlan create(LegacyRequest request, String namespace) {
        Optional<ObjectNode> spec = spec(request);
        if (spec.isEmpty()) {
            return respond(LegacyErrors.badRequestData());
        }
        ObjectNode object = ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(Names.newUid(settings.random()))
                .namespace(namespace)
                .legacyId(settings.ids().nextId(ID_SEQUENCE))
                .spec(spec.get())
                .build();
        return LegacyPlan.call(new ResourceCall.Create(KIND, namespace, object), outcome ->
                outcome instanceof ResourceOutcome.Found created
                        ? respond(LegacyResponse.ok(PlaylistViews.entry(new ResourceObject(created.object()))))
                        : failure(outcome));
    }

    /** {@code PUT /api/playlists/:uid}: name, interval and items replaced; answers the DTO. */
    private LegacyPlan update(LegacyRequest request, String namespace) {
        String uid = request.pathVariable("uid");
        // Grafana checks that the playlist exists before it binds the body
        return LegacyPlan.call(new ResourceCall.Get(KIND, namespace, uid), outcome -> {
            if (!(outcome instanceof ResourceOutcome.Found found)) {
                return failure(outcome);
            }
            Optional<ObjectNode> spec = spec(request);
            if (spec.isEmpty()) {
                return respond(LegacyErrors.badRequestData());
            }
            ResourceObject existing = new ResourceObject(found.object());
            ObjectNode changed = ResourceObject.builder(KIND, KIND.preferredVersion())
                    .name(uid)
                    .namespace(namespace)
                    .creationTimestamp(existing.creationTimestamp().orElse(null))
                    .labelsAndAnnotationsOf(existing)
                    .annotation(GrafanaMeta.UPDATED_TIMESTAMP, LegacyTime.format(settings.clock().instant()))
                    .spec(spec.get())
                    .build();
            return LegacyPlan.call(new ResourceCall.Update(KIND, namespace, changed), updated ->
                    updated instanceof ResourceOutcome.Found saved
                            ? respond(LegacyResponse.ok(PlaylistViews.dto(new ResourceObject(saved.object()))))
                            : failure(updated));
        });
    }

    /** The spec of a create or update command; empty when Grafana's binding refuses it (no name, wrong types). */
    private static Optional<ObjectNode> spec(LegacyRequest request) {
        JsonNode body = request.json().orElse(null);
        if (!Binding.binds(body, COMMAND)) {
            return Optional.empty();
        }
        String name = Binding.text(body, "name").orElse("");
        JsonNode items = body.path("items").isArray() ? body.path("items") : JsonNodeFactory.instance.arrayNode();
        for (JsonNode item : items) {
            if (!Binding.binds(item, ITEM)) {
                return Optional.empty();
            }
        }
        return name.isEmpty() ? Optional.empty() : Optional.of(PlaylistViews.spec(name, Binding.text(body, "interval").orElse(""), items));
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return LegacyPlan.failed(outcome, PlaylistTranslator::errors);
    }

    private static LegacyPlan respond(LegacyResponse response) {
        return LegacyPlan.respond(response);
    }

    @Override
    public ResourcePlan resourcePlan(ResourceCall call) {
        return ResourcePlan.guarded(() -> overLegacy.plan(call));
    }

    @Override
    public LegacyResponse legacyError(LegacyRoute route, Status status) {
        return errors(status);
    }

    /** 404 "Playlist not found" (Grafana 9.3's {@code ValidateOrgPlaylist}); other refusals as {@link LegacyErrors#fromStatus}. */
    static LegacyResponse errors(Status status) {
        return status.reason().equals("NotFound") ? LegacyErrors.message(404, "Playlist not found") : LegacyErrors.fromStatus(status);
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return switch (route.id()) {
            case "playlists.list" -> ENTRY_RULES;
            case "playlists.create" -> CREATE_RULES;
            case "playlists.get", "playlists.items", "playlists.update" -> DTO_RULES;
            default -> ComparisonRules.none();
        };
    }

    @Override
    public ComparisonRules resourceRules() {
        return RESOURCE_RULES;
    }

    /**
     * A playlist's rows as Grafana's playlist migrator writes them (reference §2.5): name = uid, title = name, items in
     * order with type and value, resource version = updated_at, creation time = created_at, the update time annotation
     * only when it differs from the creation time, the legacy id as label.
     */
    @Override
    public Conversion toResource(PlaylistRow row) {
        if (row.uid().isEmpty()) {
            return new Unconvertible("playlist row " + row.id() + " has no uid");
        }
        ArrayNode items = JsonNodeFactory.instance.arrayNode();
        row.items().forEach(item -> items.addObject().put("type", item.type()).put("value", item.value()));
        ObjectNode object = ResourceObject.builder(KIND, KIND.preferredVersion())
                .name(row.uid())
                .namespace(settings.namespaces().namespaceOf(row.orgId()))
                .resourceVersion(Long.toString(row.updatedAt()))
                .creationTimestamp(Instant.ofEpochMilli(row.createdAt()))
                .legacyId(row.id())
                .annotation(GrafanaMeta.UPDATED_TIMESTAMP, row.updatedAt() != row.createdAt()
                        ? LegacyTime.format(Instant.ofEpochMilli(row.updatedAt())) : null)
                .spec(PlaylistViews.spec(row.name(), row.interval(), items))
                .build();
        return new Converted(object);
    }
}
