package io.migrationgateway.translators.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.plan.LegacyAnswers;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.LegacySearchApi;
import io.migrationgateway.translators.plan.OverLegacy;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The folder Resource API served from Grafana 9.3's folder API (modes 0–2). The resource version of a folder read
 * from legacy is its legacy {@code version} (not its update time, as Grafana's bridge has it: 9.3's times have
 * second precision, too coarse to tell two writes apart). 9.3 neither answers descriptions nor moves folders, so
 * objects read from legacy have no description and a change of parent is refused.
 */
final class FoldersOverLegacy {
    private static final int PAGE = 1000;

    private final TranslatorSettings settings;

    FoldersOverLegacy(TranslatorSettings settings) {
        this.settings = settings;
    }

    ResourcePlan plan(ResourceCall call) {
        return OverLegacy.inOrg(settings.namespaces(), call, org -> switch (call) {
            case ResourceCall.Versions versions -> OverLegacy.unifiedOnly(versions);
            case ResourceCall.Version version -> OverLegacy.unifiedOnly(version);
            case ResourceCall.TagCounts tags -> ResourcePlan.fail(Status.badRequest("folders have no tags"));
            case ResourceCall.Get get -> read(get.name(), org, call.namespace(), (folder, dto) -> OverLegacy.found(folder));
            case ResourceCall.ListPage list -> list(list, org);
            case ResourceCall.GetNames names -> readAll(names.names(), org, names.namespace(), "");
            case ResourceCall.Search search -> LegacySearchApi.search(search, FolderTranslator.KIND, "dash-folder", org);
            case ResourceCall.Create create -> create(create, org);
            case ResourceCall.Update update -> update(update, org);
            case ResourceCall.Delete delete -> read(delete.name(), org, call.namespace(), (folder, dto) ->
                    OverLegacy.stale(FolderTranslator.KIND, delete.name(), delete.resourceVersion(), folder.resourceVersion())
                            .map(ResourcePlan::fail)
                            .orElseGet(() -> OverLegacy.send(LegacyCall.delete(path(delete.name()), org), FolderTranslator.KIND,
                                    delete.name(), deleted -> OverLegacy.found(folder))));
        });
    }

    private interface Then {
        ResourcePlan apply(ResourceObject folder, JsonNode dto);
    }

    /** {@code GET /api/folders/:uid}, then {@code then} with the folder object (no description: 9.3 has none). */
    private ResourcePlan read(String name, long org, String namespace, Then then) {
        return OverLegacy.send(LegacyCall.get(path(name), org), FolderTranslator.KIND, name,
                dto -> then.apply(new ResourceObject(fromDto(dto, namespace)), dto));
    }

    /**
     * One page of the org's folders (every level, through search), or those whose legacy ids a label selector names;
     * search's page number is the continue token.
     */
    private ResourcePlan list(ResourceCall.ListPage list, long org) {
        Optional<List<Long>> ids = IdSelector.parse(list.labelSelector());
        if (ids.isPresent()) {
            List<LegacyCall> reads = ids.get().stream().map(id -> LegacyCall.get("/api/folders/id/" + id, org)).toList();
            return OverLegacy.readEach(reads, FolderTranslator.KIND, dto -> fromDto(dto, list.namespace()),
                    items -> ResourcePlan.respond(new ResourceOutcome.Listed(items, "")));
        }
        if (!list.labelSelector().isBlank()) {
            return ResourcePlan.fail(Status.badRequest("the legacy folder API can select by "
                    + GrafanaMeta.DEPRECATED_INTERNAL_ID + " only, not by \"" + list.labelSelector() + "\""));
        }
        long page = list.continueToken().isEmpty() ? 1 : ResourceObject.positiveLong(list.continueToken());
        if (page < 1) {
            return ResourcePlan.fail(Status.badRequest("invalid continue token \"" + list.continueToken() + "\""));
        }
        long size = Math.min(list.limit(), PAGE);
        LegacyCall search = LegacyCall.get("/api/search?type=dash-folder&limit=" + size + "&page=" + page, org);
        return OverLegacy.send(search, FolderTranslator.KIND, "", hits -> {
            List<String> uids = new ArrayList<>();
            hits.forEach(hit -> uids.add(hit.path("uid").asText()));
            return readAll(uids, org, list.namespace(), hits.size() == size ? Long.toString(page + 1) : "");
        });
    }

    /** The folders of {@code uids} that exist, one read each, as a page continued by {@code next}. */
    private ResourcePlan readAll(List<String> uids, long org, String namespace, String next) {
        List<LegacyCall> reads = uids.stream().map(uid -> LegacyCall.get(path(uid), org)).toList();
        return OverLegacy.readEach(reads, FolderTranslator.KIND, dto -> fromDto(dto, namespace),
                items -> ResourcePlan.respond(new ResourceOutcome.Listed(items, next)));
    }

    /** {@code POST /api/folders {uid, title, description, parentUid}}; a taken uid is 9.3's 412, here AlreadyExists. */
    private ResourcePlan create(ResourceCall.Create create, long org) {
        ResourceObject object = new ResourceObject(create.object());
        ObjectNode command = command(object);
        command.put("uid", object.name());
        command.put("parentUid", FolderViews.parent(object));
        String description = FolderViews.description(object);
        return ResourcePlan.call(new LegacyCall("POST", "/api/folders", command, org), answer -> {
            if (answer.status() == 412) {
                return ResourcePlan.fail(Status.alreadyExists(FolderTranslator.KIND, object.name()));
            }
            if (!answer.successful()) {
                return ResourcePlan.fail(LegacyAnswers.toStatus(FolderTranslator.KIND, object.name(), answer));
            }
            return OverLegacy.found(FolderViews.fromDto(answer.body(), description, settings.identities()), create.namespace());
        });
    }

    /** Read for the version, check the precondition, then {@code PUT} with that version (the legacy API rechecks it). */
    private ResourcePlan update(ResourceCall.Update update, long org) {
        ResourceObject object = new ResourceObject(update.object());
        return read(object.name(), org, update.namespace(), (current, dto) -> {
            Optional<Status> stale = OverLegacy.stale(FolderTranslator.KIND, object.name(), object.resourceVersion(),
                    current.resourceVersion());
            if (stale.isPresent()) {
                return ResourcePlan.fail(stale.get());
            }
            if (!FolderViews.parent(object).equals(FolderViews.parent(current))) {
                return ResourcePlan.fail(Status.badRequest("the legacy folder API cannot move a folder to another parent"));
            }
            ObjectNode command = command(object);
            command.put("version", current.generation());
            command.put("overwrite", false);
            String description = FolderViews.description(object);
            return OverLegacy.send(new LegacyCall("PUT", path(object.name()), command, org), FolderTranslator.KIND, object.name(),
                    updated -> OverLegacy.found(FolderViews.fromDto(updated, description, settings.identities()), update.namespace()));
        });
    }

    private static ObjectNode command(ResourceObject object) {
        ObjectNode command = Json.object();
        command.put("title", object.specText("title").orElse(""));
        command.put("description", FolderViews.description(object));
        return command;
    }

    private ObjectNode fromDto(JsonNode dto, String namespace) {
        return FolderViews.fromDto(dto, "", settings.identities()).namespace(namespace).build();
    }

    private static String path(String uid) {
        return "/api/folders/" + LegacyCall.segment(uid);
    }
}
