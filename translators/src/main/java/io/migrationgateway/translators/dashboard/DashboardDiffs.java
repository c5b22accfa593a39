package io.migrationgateway.translators.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.model.diff.DashboardDiff;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.OrgRole;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.resource.IdSelector;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code POST /api/dashboards/calculate-diff} over unified storage: two versions, each named by a dashboard's legacy id
 * and a version number, read as the version route reads them and compared by {@link DashboardDiff}, the function the
 * legacy side answers with too. Grafana 9.3's rules: a body it cannot bind is 400 "bad request data", a caller who cannot
 * save is refused, a version that does not exist is 404 "Dashboard version not found"; the unsaved dashboards a body
 * may carry are ignored, as Grafana ignores them.
 */
final class DashboardDiffs {
    static final LegacyRoute ROUTE = LegacyRoute.readingPost("dashboards.calculateDiff", "/api/dashboards/calculate-diff");

    private DashboardDiffs() {
    }

    /** One side of the comparison. */
    private record Target(long dashboardId, long version) {
        static Target of(JsonNode target) {
            return new Target(target.path("dashboardId").asLong(0), target.path("version").asLong(0));
        }
    }

    static LegacyPlan plan(LegacyRequest request, String namespace) {
        Optional<JsonNode> body = Json.parse(request.body()).filter(DashboardDiff::bindable);
        if (body.isEmpty()) {
            return LegacyPlan.respond(LegacyErrors.badRequestData());
        }
        if (!request.caller().role().atLeast(OrgRole.EDITOR)) {
            return LegacyPlan.respond(LegacyErrors.message(403, "Permission denied"));
        }
        String diffType = body.get().path("diffType").asText("");
        return model(namespace, Target.of(body.get().path("base")), base -> model(namespace, Target.of(body.get().path("new")), next -> {
            DashboardDiff.Rendered diff = DashboardDiff.calculate(diffType, base, next);
            return LegacyPlan.respond(diff.contentType().equals(LegacyResponse.JSON)
                    ? LegacyResponse.ok(Json.parse(diff.body().getBytes(StandardCharsets.UTF_8)).orElseThrow())
                    : LegacyResponse.text(diff.contentType(), diff.body()));
        }));
    }

    /** The dashboard model of one version, as the version route's {@code data} shows it. */
    private static LegacyPlan model(String namespace, Target target, Function<JsonNode, LegacyPlan> then) {
        ResourceCall byId = new ResourceCall.ListPage(DashboardTranslator.KIND, namespace, IdSelector.of(List.of(target.dashboardId())), 1, "");
        return LegacyPlan.call(byId, found -> {
            if (!(found instanceof ResourceOutcome.Listed listed)) {
                return failure(found);
            }
            if (listed.items().isEmpty()) {
                return notFound();
            }
            ResourceObject dashboard = new ResourceObject(listed.items().getFirst());
            ResourceCall version = new ResourceCall.Version(DashboardTranslator.KIND, namespace, dashboard.name(), target.version());
            return LegacyPlan.call(version, outcome -> {
                if (outcome instanceof ResourceOutcome.Failed failed && failed.status().reason().equals("NotFound")) {
                    return notFound();
                }
                if (!(outcome instanceof ResourceOutcome.Found state)) {
                    return failure(outcome);
                }
                return DashboardViews.model(DashboardVersions.asOf(dashboard, new ResourceObject(state.object())))
                        .<LegacyPlan>map(then::apply)
                        .orElseGet(() -> LegacyPlan.respond(LegacyErrors.message(500, "Unable to compute diff")));
            });
        });
    }

    private static LegacyPlan notFound() {
        return LegacyPlan.respond(LegacyErrors.message(404, "Dashboard version not found"));
    }

    private static LegacyPlan failure(ResourceOutcome outcome) {
        return LegacyPlan.failed(outcome, DashboardTranslator::errors);
    }
}
