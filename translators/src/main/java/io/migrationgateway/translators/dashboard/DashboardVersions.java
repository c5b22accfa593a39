package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.model.go.GoIntegers;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.GrafanaMeta;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A dashboard's versions over unified storage, as Grafana 9.3's version routes answer them: the list, one version and
 * restore, by uid and by the legacy id. A version is a generation of the object ({@link ResourceCall.Versions}); its
 * legacy fields come from the state written with it: {@code version} the generation, {@code parentVersion} the one
 * before, {@code created} and {@code createdBy} the save's time and author, the save's message, {@code restoredFrom}
 * what a restore recorded, {@code id} the state's resource version (no client looks a version up by it: the routes
 * take the version number). Like Grafana, every route needs a caller who can save the dashboard.
 */
final class DashboardVersions {
    static final LegacyRoute LIST = new LegacyRoute("dashboards.versions", "GET", "/api/dashboards/uid/{uid}/versions");
    static final LegacyRoute ONE = new LegacyRoute("dashboards.version", "GET", "/api/dashboards/uid/{uid}/versions/{versionId}");
    static final LegacyRoute LIST_BY_ID = new LegacyRoute("dashboards.versionsById", "GET",
            "/api/dashboards/id/{dashboardId}/versions");
    static final LegacyRoute ONE_BY_ID = new LegacyRoute("dashboards.versionById", "GET",
            "/api/dashboards/id/{dashboardId}/versions/{versionId}");
    static final LegacyRoute RESTORE = new LegacyRoute("dashboards.restore", "POST", "/api/dashboards/uid/{uid}/restore");
    static final LegacyRoute RESTORE_BY_ID = new LegacyRoute("dashboards.restoreById", "POST",
            "/api/dashboards/id/{dashboardId}/restore");
    static final List<LegacyRoute> ROUTES = List.of(LIST, ONE, LIST_BY_ID, ONE_BY_ID, RESTORE, RESTORE_BY_ID);

    /** The version a restore brought back, kept on the version it made (Grafana's {@code dashboard_version.restored_from}). */
    static final String RESTORED_FROM = "dashboard.migration-gateway.io/restoredFrom";
    /** How many versions of a dashboard unified storage keeps: Grafana's {@code [dashboards] versions_to_keep} default. */
    static final int KEPT = 20;
    /** Grafana's page when {@code limit} is absent or 0. */
    private static final int DEFAULT_LIMIT = 1000;

    private final TranslatorSettings settings;
    private final LegacyRequest request;
    private final String namespace;

    private DashboardVersions(TranslatorSettings settings, LegacyRequest request, String namespace) {
        this.settings = settings;
        this.request = request;
        this.namespace = namespace;
    }

    /** The plan of a request to one of {@link #ROUTES}. */
    static LegacyPlan plan(TranslatorSettings settings, LegacyRequest request, String namespace) {
        DashboardVersions versions = new DashboardVersions(settings, request, namespace);
        String route = request.route().id();
        Optional<JsonNode> restoreBody = Optional.empty();
        if (route.startsWith("dashboards.restore")) {
            restoreBody = Json.parse(request.body()).filter(body -> body.isObject() && validVersionField(body.path("version")));
            if (restoreBody.isEmpty()) {
                return LegacyPlan.respond(LegacyErrors.badRequestData());
            }
        }
        JsonNode body = restoreBody.orElse(null);
        Function<ResourceObject, LegacyPlan> then = switch (route) {
            case "dashboards.versions", "dashboards.versionsById" -> versions::list;
            case "dashboards.version", "dashboards.versionById" -> versions::one;
            default -> dashboard -> versions.restore(dashboard, body.path("version").asLong(0));
        };
        return versions.dashboard(then);
    }

    /** Go binds a JSON number that fits an int, or no value, to the command's {@code version}; anything else is a 400. */
    private static boolean validVersionField(JsonNode version) {
        return version.isMissingNode() || version.isNull() || version.isIntegralNumber() && version.canConvertToLong();
    }

    /** The dashboard the path names (by uid, or by legacy id), for a caller who may save it. */
    private LegacyPlan dashboard(Function<ResourceObject, LegacyPlan> then) {
        if (request.pathVariables().containsKey("uid")) {
            return LegacyPlan.call(new ResourceCall.Get(DashboardTranslator.KIND, namespace, request.pathVariable("uid")),
                    outcome -> outcome instanceof ResourceOutcome.Found found ? allowed(new ResourceObject(found.object()), then)
                            : failure(outcome));
        }
        Optional<Long> id = GoIntegers.parse(request.pathVariable("dashboardId"), 64);
        if (id.isEmpty()) {
            return LegacyPlan.respond(LegacyErrors.message(400, "dashboardId is invalid"));
        }
        ResourceCall byId = new ResourceCall.ListPage(DashboardTranslator.KIND, namespace, IdSelector.of(List.of(id.get())), 1, "");
        return LegacyPlan.call(byId, outcome -> switch (outcome) {
            case ResourceOutcome.Listed listed when listed.items().isEmpty() -> LegacyPlan.respond(DashboardTranslator.notFound());
            case ResourceOutcome.Listed listed -> allowed(new ResourceObject(listed.items().getFirst()), then);
            default -> failure(outcome);
        });
    }

    private LegacyPlan allowed(ResourceObject dashboard, Function<ResourceObject, LegacyPlan> then) {
        if (!request.caller().role().atLeast(OrgRole.EDITOR)) {
            return LegacyPlan.respond(LegacyErrors.message(403, "Permission denied"));
        }
        return then.apply(dashboard);
    }

    /** {@code ?limit} (0 or absent: 1000) versions from {@code ?start}, newest first; none is Grafana's 404. */
    private LegacyPlan list(ResourceObject dashboard) {
        int limit = request.queryInt("limit", 0);
        int start = Math.max(0, request.queryInt("start", 0));
        ResourceCall call = new ResourceCall.Versions(DashboardTranslator.KIND, namespace, dashboard.name(), start,
                limit <= 0 ? DEFAULT_LIMIT : Math.min(limit, ResourceCall.MAX_PAGE));
        return LegacyPlan.call(call, outcome -> {
            if (!(outcome instanceof ResourceOutcome.Listed listed)) {
                return failure(outcome);
            }
            if (listed.items().isEmpty()) {
                return LegacyPlan.respond(LegacyErrors.message(404, "No versions found for dashboardId " + dashboard.legacyId()));
            }
            ArrayNode answer = JsonNodeFactory.instance.arrayNode();
            listed.items().forEach(state -> answer.add(listEntry(dashboard, new ResourceObject(state))));
            return LegacyPlan.respond(LegacyResponse.ok(answer));
        });
    }

    /** Grafana's DashboardVersionDTO, with the list's message rules (initial save, restore). */
    private ObjectNode listEntry(ResourceObject dashboard, ResourceObject version) {
        long restoredFrom = restoredFrom(version);
        long parent = version.generation() - 1;
        String message = version.annotation(GrafanaMeta.MESSAGE).orElse("");
        if (restoredFrom == version.generation()) {
            message = "Initial save (created by migration)";
        }
        if (restoredFrom > 0) {
            message = "Restored from version " + restoredFrom;
        }
        if (parent == 0) {
            message = "Initial save";
        }
        ObjectNode entry = Json.object();
        entry.put("id", ResourceObject.positiveLong(version.resourceVersion()));
        entry.put("dashboardId", dashboard.legacyId());
        entry.put("dashboardUid", dashboard.name());
        entry.put("parentVersion", parent);
        entry.put("restoredFrom", restoredFrom);
        entry.put("version", version.generation());
        entry.put("created", created(version));
        entry.put("createdBy", settings.identities().loginOf(version.annotation(GrafanaMeta.UPDATED_BY)));
        entry.put("message", message);
        return entry;
    }

    /** One version, by its number (Grafana ignores a number it cannot read: version 0, which is never found). */
    private LegacyPlan one(ResourceObject dashboard) {
        long number = GoIntegers.parseIgnoringError(request.pathVariable("versionId"), 32);
        return LegacyPlan.call(new ResourceCall.Version(DashboardTranslator.KIND, namespace, dashboard.name(), number), outcome -> {
            if (outcome instanceof ResourceOutcome.Failed failed && failed.status().reason().equals("NotFound")) {
                return LegacyPlan.respond(LegacyErrors.message(500,
                        "Dashboard version " + number + " not found for dashboardId " + dashboard.legacyId()));
            }
            if (!(outcome instanceof ResourceOutcome.Found found)) {
                return failure(outcome);
            }
            ResourceObject version = new ResourceObject(found.object());
            Optional<ObjectNode> model = DashboardViews.model(asOf(dashboard, version));
            if (model.isEmpty()) {
                return LegacyPlan.respond(LegacyErrors.withStatus(500, "not-found", "Dashboard data is missing or corrupt"));
            }
            ObjectNode answer = Json.object();
            answer.put("id", ResourceObject.positiveLong(version.resourceVersion()));
            answer.put("dashboardId", dashboard.legacyId());
            answer.put("uid", dashboard.name());
            answer.put("parentVersion", version.generation() - 1);
            answer.put("restoredFrom", restoredFrom(version));
            answer.put("version", version.generation());
            answer.put("created", created(version));
            answer.put("message", version.annotation(GrafanaMeta.MESSAGE).orElse(""));
            answer.set("data", model.get());
            answer.put("createdBy", settings.identities().loginOf(version.annotation(GrafanaMeta.UPDATED_BY)));
            return LegacyPlan.respond(LegacyResponse.ok(answer));
        });
    }

    /**
     * Restore: the version's model saved as the dashboard's next version, in the folder the dashboard is in now, with
     * the message "Restored from version N" (Grafana's RestoreDashboardVersion, then its save's rules).
     */
    private LegacyPlan restore(ResourceObject dashboard, long number) {
        return LegacyPlan.call(new ResourceCall.Version(DashboardTranslator.KIND, namespace, dashboard.name(), number), outcome -> {
            if (outcome instanceof ResourceOutcome.Failed failed && failed.status().reason().equals("NotFound")) {
                return LegacyPlan.respond(LegacyErrors.message(404, "Dashboard version not found"));
            }
            if (!(outcome instanceof ResourceOutcome.Found found)) {
                return failure(outcome);
            }
            Optional<ObjectNode> model = DashboardViews.model(asOf(dashboard, new ResourceObject(found.object())));
            if (model.isEmpty()) {
                return LegacyPlan.respond(LegacyErrors.withStatus(500, "not-found", "Dashboard data is missing or corrupt"));
            }
            model.get().put("version", dashboard.generation());
            model.get().put("uid", dashboard.name());
            ObjectNode save = Json.object();
            save.set("dashboard", model.get());
            save.put("folderUid", dashboard.annotation(GrafanaMeta.FOLDER).orElse(""));
            save.put("message", "Restored from version " + number);
            return DashboardSave.restore(settings, request, namespace, save, number);
        });
    }

    /** A version's state as the dashboard it is now names it: its legacy id may have been given after that version. */
    static ResourceObject asOf(ResourceObject dashboard, ResourceObject version) {
        ObjectNode state = version.json().deepCopy();
        state.with("metadata").with("labels").put(GrafanaMeta.DEPRECATED_INTERNAL_ID, Long.toString(dashboard.legacyId()));
        return new ResourceObject(state);
    }

    private static long restoredFrom(ResourceObject version) {
        return version.annotation(RESTORED_FROM).map(ResourceObject::positiveLong).orElse(0L);
    }

    private static String created(ResourceObject version) {
        return LegacyTime.format(DashboardViews.updated(version).orElse(version.creationTimestamp().orElse(null)));
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return LegacyPlan.failed(outcome, DashboardTranslator::errors);
    }
}
