package io.migrationgateway.gateway.testing;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The dashboards' translator as it would be with one operation on the resource's data not translated yet: a
 * resource added before all its operations are (docs/adding-a-resource.md) has such operations, which the legacy side
 * answers in modes 0–3 and the gateway refuses in mode 4. The built-in resources have none left, so tests of that
 * handling declare dashboards' trim so.
 */
public final class NotYetTranslated extends ForwardingTranslator {
    public static final String OPERATION = "dashboards.trim";
    public static final String PATH = "/api/dashboards/trim";
    public static final Gateway.Parts PARTS = new Gateway.Parts(registry -> TranslatorRegistry.of(registry.all().stream()
            .map(t -> t.kind().plural().equals("dashboards") ? (Translator) new NotYetTranslated(t) : t).toList()),
            UnaryOperator.identity());

    private NotYetTranslated(Translator dashboards) {
        super(dashboards);
    }

    @Override
    public List<UntranslatedOperation> untranslated() {
        return delegate().untranslated().stream()
                .map(operation -> operation.route().id().equals(OPERATION)
                        ? UntranslatedOperation.notServedWhenMigrated(OPERATION, "POST", PATH, "not translated in this test")
                        : operation)
                .toList();
    }
}
