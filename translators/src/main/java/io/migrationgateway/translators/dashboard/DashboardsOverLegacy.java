package io.migrationgateway.translators.dashboard;

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
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The dashboard Resource API served from Grafana's legacy dashboard API (modes 0–2), the way Grafana's legacy storage
 * does it (reference §3.2): a dashboard's resource version is its legacy version; a create is a save without id and
 * version, an update a save with the current version (which the legacy API checks again), a delete reads the
 * dashboard first to answer its last state. Lists go through search, then read each dashboard.
 */
final class DashboardsOverLegacy {
    private static final int PAGE = 1000;

    private final TranslatorSettings settings;

    DashboardsOverLegacy(TranslatorSettings settings) {
        this.settings = settings;
    }

    ResourcePlan plan(ResourceCall call) {
        return OverLegacy.inOrg(settings.namespaces(), call, org -> switch (call) {
            case ResourceCall.Get get -> read(get.name(), org, call.namespace(), OverLegacy::found);
            case ResourceCall.ListPage list -> list(list, org);
            case ResourceCall.GetNames names -> readAll(names.names(), org, names.namespace(), "");
            case ResourceCall.Search search -> LegacySearchApi.search(search, DashboardTranslator.KIND, "dash-db", org);
            case ResourceCall.Versions versions -> OverLegacy.unifiedOnly(versions);
            case ResourceCall.Version version -> OverLegacy.unifiedOnly(version);
            case ResourceCall.TagCounts tags -> OverLegacy.send(LegacyCall.get("/api/dashboards/tags", org), DashboardTranslator.KIND, "",
                    body -> ResourcePlan.respond(new ResourceOutcome.Tagged(DashboardViews.tagCounts(body))));
            case ResourceCall.Create create -> create(create, org);
            case ResourceCall.Update update -> update(update, org);
            case ResourceCall.Delete delete -> read(delete.name(), org, call.namespace(), current ->
                    OverLegacy.stale(DashboardTranslator.KIND, delete.name(), delete.resourceVersion(), current.resourceVersion())
                            .map(ResourcePlan::fail)
                            .orElseGet(() -> OverLegacy.send(LegacyCall.delete(path(delete.name()), org), DashboardTranslator.KIND,
                                    delete.name(), answer -> OverLegacy.found(current))));
        });
    }

    /** {@code GET /api/dashboards/uid/:uid}, then {@code then} with the dashboard object. */
    private ResourcePlan read(String name, long org, String namespace, Function<ResourceObject, ResourcePlan> then) {
        return OverLegacy.send(LegacyCall.get(path(name), org), DashboardTranslator.KIND, name,
                body -> toObject(body, namespace).map(object -> then.apply(new ResourceObject(object)))
                        .orElseGet(() -> ResourcePlan.fail(Status.internalError("the legacy dashboard answer has no dashboard"))));
    }

    private Optional<ObjectNode> toObject(JsonNode body, String namespace) {
        return DashboardViews.fromLegacyAnswer(body, settings.identities()).map(builder -> builder.namespace(namespace).build());
    }

    /**
     * One page of the org's dashboards, or of those whose legacy ids a label selector names, through
     * {@code /api/search}; search's page number is the continue token.
     */
    private ResourcePlan list(ResourceCall.ListPage list, long org) {
        Optional<List<Long>> ids = IdSelector.parse(list.labelSelector());
        if (ids.isEmpty() && !list.labelSelector().isBlank()) {
            return ResourcePlan.fail(Status.badRequest("the legacy dashboard API can select by "
                    + GrafanaMeta.DEPRECATED_INTERNAL_ID + " only, not by \"" + list.labelSelector() + "\""));
        }
        String filter = ids.map(selected -> selected.stream().map(id -> "&dashboardIds=" + id).collect(Collectors.joining())).orElse("");
        long page = list.continueToken().isEmpty() ? 1 : ResourceObject.positiveLong(list.continueToken());
        if (page < 1) {
            return ResourcePlan.fail(Status.badRequest("invalid continue token \"" + list.continueToken() + "\""));
        }
        long size = Math.min(list.limit(), PAGE);
        LegacyCall search = LegacyCall.get("/api/search?type=dash-db&limit=" + size + "&page=" + page + filter, org);
        return OverLegacy.send(search, DashboardTranslator.KIND, "", hits -> {
            List<String> uids = new ArrayList<>();
            hits.forEach(hit -> uids.add(hit.path("uid").asText()));
            return readAll(uids, org, list.namespace(), hits.size() == size ? Long.toString(page + 1) : "");
        });
    }

    /** The dashboards of {@code uids} that exist, one read each, as a page continued by {@code next}. */
    private ResourcePlan readAll(List<String> uids, long org, String namespace, String next) {
        List<LegacyCall> reads = uids.stream().map(uid -> LegacyCall.get(path(uid), org)).toList();
        return OverLegacy.readEach(reads, DashboardTranslator.KIND,
                body -> toObject(body, namespace).orElseThrow(() -> new IllegalStateException("a dashboard answer without dashboard")),
                items -> ResourcePlan.respond(new ResourceOutcome.Listed(items, next)));
    }

    /** A save without id and version (a taken uid is the legacy 412, here AlreadyExists), then a read of the result. */
    private ResourcePlan create(ResourceCall.Create create, long org) {
        ResourceObject object = new ResourceObject(create.object());
        ObjectNode model = model(object);
        model.remove("id");
        model.remove("version");
        if (object.name().isEmpty()) {
            model.remove("uid"); // generateName: the legacy API generates the uid
        }
        return ResourcePlan.call(save(model, object, org), answer -> {
            if (answer.status() == 412) {
                return ResourcePlan.fail(Status.alreadyExists(DashboardTranslator.KIND, object.name()));
            }
            if (!answer.successful()) {
                return ResourcePlan.fail(LegacyAnswers.toStatus(DashboardTranslator.KIND, object.name(), answer));
            }
            return read(answer.body().path("uid").asText(), org, create.namespace(), OverLegacy::found);
        });
    }

    /** Read for the current version, check the precondition, save with that version, read the result. */
    private ResourcePlan update(ResourceCall.Update update, long org) {
        ResourceObject object = new ResourceObject(update.object());
        return read(object.name(), org, update.namespace(), current -> {
            Optional<Status> stale = OverLegacy.stale(DashboardTranslator.KIND, object.name(), object.resourceVersion(),
                    current.resourceVersion());
            if (stale.isPresent()) {
                return ResourcePlan.fail(stale.get());
            }
            ObjectNode model = model(object);
            model.put("id", current.legacyId());
            model.put("version", current.generation());
            return OverLegacy.send(save(model, object, org), DashboardTranslator.KIND, object.name(),
                    saved -> read(object.name(), org, update.namespace(), OverLegacy::found));
        });
    }

    /** The legacy model of {@code object}: its spec with its name as uid. */
    private static ObjectNode model(ResourceObject object) {
        ObjectNode model = Json.object();
        object.spec().properties().forEach(member -> model.set(member.getKey(), member.getValue())); // shares the subtrees
        model.put("uid", object.name());
        return model;
    }

    /** {@code POST /api/dashboards/db}: folder and message from the annotations; never {@code overwrite}. */
    private static LegacyCall save(ObjectNode model, ResourceObject object, long org) {
        ObjectNode command = Json.object();
        command.set("dashboard", model);
        command.put("folderUid", object.annotation(GrafanaMeta.FOLDER).orElse(""));
        command.put("message", object.annotation(GrafanaMeta.MESSAGE).orElse(""));
        command.put("overwrite", false);
        return new LegacyCall("POST", "/api/dashboards/db", command, org);
    }

    private static String path(String uid) {
        return "/api/dashboards/uid/" + LegacyCall.segment(uid);
    }
}
