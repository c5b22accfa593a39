package io.migrationgateway.gateway.testing;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourcePlan;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The dashboards' translator as it would be with one operation on the resource's data not translated yet: a
 * resource added before all its operations are (docs/adding-a-resource.md) has such operations, which the legacy side
 * answers in modes 0–3 and the gateway refuses in mode 4. The built-in resources have none left, so tests of that
 * handling declare dashboards' trim so.
 */
public record NotYetTranslated(Translator dashboards) implements Translator {
    public static final String OPERATION = "dashboards.trim";
    public static final String PATH = "/api/dashboards/trim";
    public static final Gateway.Parts PARTS = new Gateway.Parts(registry -> TranslatorRegistry.of(registry.all().stream()
            .map(t -> t.kind().plural().equals("dashboards") ? (Translator) new NotYetTranslated(t) : t).toList()),
            UnaryOperator.identity());

    @Override
    public List<UntranslatedOperation> untranslated() {
        return dashboards.untranslated().stream()
                .map(operation -> operation.route().id().equals(OPERATION)
                        ? UntranslatedOperation.notServedWhenMigrated(OPERATION, "POST", PATH, "not translated in this test")
                        : operation)
                .toList();
    }

    @Override
    public KindDeclaration kind() {
        return dashboards.kind();
    }

    @Override
    public List<LegacyRoute> routes() {
        return dashboards.routes();
    }

    @Override
    public int versionsKept() {
        return dashboards.versionsKept();
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return dashboards.legacyPlan(request);
    }

    @Override
    public ResourcePlan resourcePlan(ResourceCall call) {
        return dashboards.resourcePlan(call);
    }

    @Override
    public LegacyResponse legacyError(LegacyRoute route, Status status) {
        return dashboards.legacyError(route, status);
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return dashboards.legacyRules(route);
    }

    @Override
    public ComparisonRules resourceRules() {
        return dashboards.resourceRules();
    }
}
