package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.upstream.LegacyUnavailableException;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a legacy request from unified storage: the translator's {@link LegacyPlan}, one call after another, each
 * where its kind lives in its mode ({@link ResourceCallsByMode}), until it answers. A failure the plan cannot word (the database down, a bug) stops the plan
 * and is answered in the translator's words for that route, logged once with the request id. Blocks: worker threads only.
 */
final class LegacyPlanRunner {
    private static final Logger LOG = LoggerFactory.getLogger(LegacyPlanRunner.class);
    private static final Status STORAGE_UNAVAILABLE = new Status(503, "ServiceUnavailable", "the storage is unavailable", null);

    private final ResourceCallsByMode calls;

    LegacyPlanRunner(ResourceCallsByMode calls) {
        this.calls = calls;
    }

    /** Runs the plan as the caller whose {@code Authorization} header this is (for calls served by the legacy side). */
    LegacyResponse run(RouteMatch match, LegacyRequest request, String requestId, String authorization) {
        Translator translator = match.translator();
        try {
            LegacyPlan plan = translator.legacyPlan(request);
            while (plan instanceof LegacyPlan.Call call) {
                plan = call.then().apply(calls.run(call.call(), translator.kind(), authorization));
            }
            return ((LegacyPlan.Respond) plan).response();
        } catch (StorageUnavailableException | LegacyUnavailableException e) {
            LOG.warn("request {} ({}): storage unavailable: {}", requestId, match.route().id(), e.getMessage());
            return translator.legacyError(match.route(), STORAGE_UNAVAILABLE);
        } catch (RuntimeException e) {
            LOG.error("request {} ({}): serving the legacy route from unified storage failed", requestId, match.route().id(), e);
            return translator.legacyError(match.route(), Status.internalError("the legacy answer could not be made"));
        }
    }
}
