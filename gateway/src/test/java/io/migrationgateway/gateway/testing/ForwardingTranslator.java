package io.migrationgateway.gateway.testing;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourcePlan;
import java.util.List;

/** A translator that does what {@link #delegate()} does: tests change one answer of a real translator by overriding one method. */
public abstract class ForwardingTranslator implements Translator {
    private final Translator delegate;

    protected ForwardingTranslator(Translator delegate) {
        this.delegate = delegate;
    }

    protected Translator delegate() {
        return delegate;
    }

    @Override
    public KindDeclaration kind() {
        return delegate.kind();
    }

    @Override
    public List<LegacyRoute> routes() {
        return delegate.routes();
    }

    @Override
    public List<UntranslatedOperation> untranslated() {
        return delegate.untranslated();
    }

    @Override
    public int versionsKept() {
        return delegate.versionsKept();
    }

    @Override
    public LegacyPlan legacyPlan(LegacyRequest request) {
        return delegate.legacyPlan(request);
    }

    @Override
    public ResourcePlan resourcePlan(ResourceCall call) {
        return delegate.resourcePlan(call);
    }

    @Override
    public LegacyResponse legacyError(LegacyRoute route, Status status) {
        return delegate.legacyError(route, status);
    }

    @Override
    public ComparisonRules legacyRules(LegacyRoute route) {
        return delegate.legacyRules(route);
    }

    @Override
    public ComparisonRules resourceRules() {
        return delegate.resourceRules();
    }
}
