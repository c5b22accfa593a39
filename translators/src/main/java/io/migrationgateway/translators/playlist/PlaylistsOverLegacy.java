package io.migrationgateway.translators.playlist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.OverLegacy;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The playlist Resource API served from Grafana 9.3's playlist API (modes 0–2). 9.3 answers neither a version nor
 * times nor (in a playlist's own answer) its id, so: the resource version is a hash of the playlist's content (it
 * changes exactly when the content does, which is what optimistic concurrency needs); the id comes from the list
 * entry with the same uid; there is no creation time. 9.3 generates every uid, so a create must let it
 * ({@code metadata.generateName}); a chosen name is refused.
 */
final class PlaylistsOverLegacy {
    private static final int ALL = 5000;

    private final TranslatorSettings settings;

    PlaylistsOverLegacy(TranslatorSettings settings) {
        this.settings = settings;
    }

    ResourcePlan plan(ResourceCall call) {
        return OverLegacy.inOrg(settings.namespaces(), call, org -> switch (call) {
            case ResourceCall.Versions versions -> OverLegacy.unifiedOnly(versions);
            case ResourceCall.Version version -> OverLegacy.unifiedOnly(version);
            case ResourceCall.TagCounts tags -> ResourcePlan.fail(Status.badRequest("playlists have no tags"));
            case ResourceCall.Get get -> read(get.name(), org, call.namespace(), OverLegacy::found);
            case ResourceCall.ListPage list -> list(list, org);
            case ResourceCall.GetNames names -> readNames(names.names(), org, names.namespace());
            case ResourceCall.Search search -> search(search, org);
            case ResourceCall.Create create -> create(create, org);
            case ResourceCall.Update update -> update(update, org);
            case ResourceCall.Delete delete -> read(delete.name(), org, call.namespace(), current ->
                    OverLegacy.stale(PlaylistTranslator.KIND, delete.name(), delete.resourceVersion(), current.resourceVersion())
                            .map(ResourcePlan::fail)
                            .orElseGet(() -> OverLegacy.send(LegacyCall.delete(path(delete.name()), org), PlaylistTranslator.KIND,
                                    delete.name(), answer -> OverLegacy.found(current))));
        });
    }

    /** The playlist and, from the list entry with its uid, its legacy id; then {@code then}. */
    private ResourcePlan read(String name, long org, String namespace, Function<ResourceObject, ResourcePlan> then) {
        return OverLegacy.send(LegacyCall.get(path(name), org), PlaylistTranslator.KIND, name, dto -> {
            String search = "/api/playlists?limit=" + ALL + "&query=" + LegacyCall.queryValue(dto.path("name").asText(""));
            return OverLegacy.send(LegacyCall.get(search, org), PlaylistTranslator.KIND, name, entries -> {
                long id = 0;
                for (JsonNode entry : entries) {
                    if (entry.path("uid").asText().equals(name)) {
                        id = entry.path("id").asLong(0);
                    }
                }
                return then.apply(new ResourceObject(object(dto, id, namespace)));
            });
        });
    }

    /**
     * One page of the org's playlists by id, or of those whose legacy ids a label selector names: 9.3 lists without
     * paging, so the page is cut from a list of {@code offset + limit + 1} entries, and the offset is the continue token.
     */
    private ResourcePlan list(ResourceCall.ListPage list, long org) {
        Optional<List<Long>> ids = IdSelector.parse(list.labelSelector());
        if (ids.isEmpty() && !list.labelSelector().isBlank()) {
            return ResourcePlan.fail(Status.badRequest("the legacy playlist API can select by "
                    + GrafanaMeta.DEPRECATED_INTERNAL_ID + " only, not by \"" + list.labelSelector() + "\""));
        }
        long offset = list.continueToken().isEmpty() ? 0 : ResourceObject.positiveLong(list.continueToken());
        if (offset < 0 || (!list.continueToken().isEmpty() && offset == 0)) {
            return ResourcePlan.fail(Status.badRequest("invalid continue token \"" + list.continueToken() + "\""));
        }
        long wanted = ids.isPresent() ? ALL : Math.min(offset + list.limit() + 1, ALL);
        return OverLegacy.send(LegacyCall.get("/api/playlists?limit=" + wanted, org), PlaylistTranslator.KIND, "", entries -> {
            List<JsonNode> selected = new ArrayList<>();
            entries.forEach(entry -> {
                if (ids.isEmpty() || ids.get().contains(entry.path("id").asLong(0))) {
                    selected.add(entry);
                }
            });
            List<JsonNode> page = selected.subList((int) Math.min(offset, selected.size()),
                    (int) Math.min(offset + list.limit(), selected.size()));
            String next = selected.size() > offset + list.limit() ? Long.toString(offset + list.limit()) : "";
            return readEntries(page, org, list.namespace(), next);
        });
    }

    /** The playlists of {@code entries} (list entries: uid and id), one read each, as a page continued by {@code next}. */
    private ResourcePlan readEntries(List<JsonNode> entries, long org, String namespace, String next) {
        Map<String, Long> idByUid = new LinkedHashMap<>();
        entries.forEach(entry -> idByUid.put(entry.path("uid").asText(), entry.path("id").asLong(0)));
        List<LegacyCall> reads = idByUid.keySet().stream().map(uid -> LegacyCall.get(path(uid), org)).toList();
        return OverLegacy.readEach(reads, PlaylistTranslator.KIND,
                dto -> object(dto, idByUid.getOrDefault(dto.path("uid").asText(), 0L), namespace),
                items -> ResourcePlan.respond(new ResourceOutcome.Listed(items, next)));
    }

    /** The playlists of {@code names} that exist, in the order of {@code names}, their ids from the org's list. */
    private ResourcePlan readNames(List<String> names, long org, String namespace) {
        return OverLegacy.send(LegacyCall.get("/api/playlists?limit=" + ALL, org), PlaylistTranslator.KIND, "", entries -> {
            Map<String, JsonNode> byUid = new LinkedHashMap<>();
            entries.forEach(entry -> byUid.put(entry.path("uid").asText(), entry));
            return readEntries(names.stream().filter(byUid::containsKey).map(byUid::get).toList(), org, namespace, "");
        });
    }

    /**
     * A search of playlists as 9.3's list answers it: names containing a text (case matters), by id, at most
     * {@value #ALL}; other filters are not the legacy API's, a 400.
     */
    private ResourcePlan search(ResourceCall.Search search, long org) {
        Optional<String> query = search.title() == null ? Optional.of("")
                : search.title().containedText().filter(text -> search.title().caseSensitive());
        boolean unsupported = query.isEmpty() || search.order() != SearchOrder.LEGACY_ID || !search.tags().isEmpty()
                || !search.legacyIds().isEmpty() || !search.names().isEmpty() || search.scopes().getFirst().folders() != null;
        if (unsupported) {
            return ResourcePlan.fail(Status.badRequest("the legacy playlist API lists by id, with a name containing a text"));
        }
        long wanted = Math.min(search.offset() + search.limit(), ALL);
        String path = "/api/playlists?limit=" + wanted + (query.get().isEmpty() ? "" : "&query=" + LegacyCall.queryValue(query.get()));
        return OverLegacy.send(LegacyCall.get(path, org), PlaylistTranslator.KIND, "", entries -> {
            List<SearchHit> hits = new ArrayList<>();
            int index = 0;
            for (JsonNode entry : entries) {
                if (index++ >= search.offset()) {
                    hits.add(new SearchHit(PlaylistTranslator.KIND, entry.path("uid").asText(""), entry.path("name").asText(""),
                            List.of(), "", entry.path("id").asLong(0)));
                }
            }
            return ResourcePlan.respond(new ResourceOutcome.Searched(hits));
        });
    }

    /** {@code POST /api/playlists}, then a read of what 9.3 created (under the uid it generated). */
    private ResourcePlan create(ResourceCall.Create create, long org) {
        ResourceObject object = new ResourceObject(create.object());
        if (!object.name().isEmpty()) {
            return ResourcePlan.fail(Status.of(422, "Invalid", "the legacy playlist API generates playlist names: set"
                    + " metadata.generateName instead of metadata.name", PlaylistTranslator.KIND, object.name()));
        }
        return OverLegacy.send(new LegacyCall("POST", "/api/playlists", command(object), org), PlaylistTranslator.KIND, "",
                created -> read(created.path("uid").asText(), org, create.namespace(), OverLegacy::found));
    }

    /** Read (for the precondition and the id), then {@code PUT} the new content. */
    private ResourcePlan update(ResourceCall.Update update, long org) {
        ResourceObject object = new ResourceObject(update.object());
        return read(object.name(), org, update.namespace(), current -> {
            Optional<Status> stale = OverLegacy.stale(PlaylistTranslator.KIND, object.name(), object.resourceVersion(),
                    current.resourceVersion());
            if (stale.isPresent()) {
                return ResourcePlan.fail(stale.get());
            }
            return OverLegacy.send(new LegacyCall("PUT", path(object.name()), command(object), org), PlaylistTranslator.KIND,
                    object.name(), dto -> OverLegacy.found(new ResourceObject(object(dto, current.legacyId(), update.namespace()))));
        });
    }

    /** {@code {name, interval, items}} of an object. */
    private static ObjectNode command(ResourceObject object) {
        ObjectNode command = Json.object();
        command.put("name", PlaylistViews.name(object));
        command.put("interval", PlaylistViews.interval(object));
        command.set("items", PlaylistViews.items(object));
        return command;
    }

    /** The object of a 9.3 {@code PlaylistDTO}, with its legacy id. */
    private static ObjectNode object(JsonNode dto, long id, String namespace) {
        return ResourceObject.builder(PlaylistTranslator.KIND, PlaylistTranslator.KIND.preferredVersion())
                .name(dto.path("uid").asText(""))
                .namespace(namespace)
                .resourceVersion(contentVersion(dto))
                .legacyId(id)
                .spec(PlaylistViews.spec(dto.path("name").asText(""), dto.path("interval").asText(""), dto.path("items")))
                .build();
    }

    /** A positive decimal hash of the DTO's content (keys sorted, so equal content hashes alike). */
    static String contentVersion(JsonNode dto) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.bytes(SortedKeys.sorted(dto)));
            return Long.toString(ByteBuffer.wrap(digest).getLong() & Long.MAX_VALUE);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String path(String uid) {
        return "/api/playlists/" + LegacyCall.segment(uid);
    }
}
