package io.migrationgateway.translators.plan;

import io.migrationgateway.model.Status;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How to serve a Resource API call from the legacy API (modes 0–2, as Grafana's migration step 2 does), as data:
 * either the outcome, or one {@link LegacyCall} to send and what to do with its answer. The mirror image of
 * {@link LegacyPlan}, with the same guarantees: no I/O in the translator, and continuations never throw (a
 * translator bug becomes a 500 InternalError Status).
 */
public sealed interface ResourcePlan {
    /** Send {@code call} to the legacy API, then continue with {@code then}. */
    record Call(LegacyCall call, Function<LegacyResponse, ResourcePlan> then) implements ResourcePlan {
        public Call {
            Objects.requireNonNull(call, "call");
            Objects.requireNonNull(then, "then");
        }
    }

    /** Answer the Resource API client. */
    record Respond(ResourceOutcome outcome) implements ResourcePlan {
        public Respond {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    static ResourcePlan respond(ResourceOutcome outcome) {
        return new Respond(outcome);
    }

    static ResourcePlan fail(Status status) {
        return new Respond(new ResourceOutcome.Failed(status));
    }

    /** Send {@code call}, then {@code then}, whose failures become a 500 Status. */
    static ResourcePlan call(LegacyCall call, Function<LegacyResponse, ResourcePlan> then) {
        return new Call(call, answer -> guarded(() -> then.apply(answer)));
    }

    /** The plan {@code planning} makes, or a 500 InternalError when it fails unexpectedly. */
    static ResourcePlan guarded(Supplier<ResourcePlan> planning) {
        return PlanGuard.guarded(planning, () -> fail(Status.internalError("the legacy answer could not be translated")), "a Resource API answer");
    }

    /**
     * Runs the plan to its outcome, one legacy call at a time, on the calling thread: for tests and simple callers.
     *
     * @param legacy answers each call; must not throw
     */
    default ResourceOutcome run(Function<LegacyCall, LegacyResponse> legacy) {
        ResourcePlan plan = this;
        while (plan instanceof Call call) {
            plan = call.then().apply(legacy.apply(call.call()));
        }
        return ((Respond) plan).outcome();
    }
}
