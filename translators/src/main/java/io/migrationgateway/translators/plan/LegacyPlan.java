package io.migrationgateway.translators.plan;

import io.migrationgateway.model.Status;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How to answer a legacy request from the Resource API, as data: either the answer, or one {@link ResourceCall} to run
 * and what to do with its outcome (which is again a plan). A save, for instance, is "get the dashboard; if the version
 * matches, update it with the read resourceVersion as precondition; answer the save response".
 *
 * <p>The translator does no I/O: the gateway runs each call wherever the kind is served in its mode, and may do so on
 * any thread, asynchronously. Continuations never throw: a translator bug becomes Grafana's 500
 * {@code Internal Server Error} (logged once here), so no exception escapes into the gateway.
 */
public sealed interface LegacyPlan {
    /** Run {@code call}, then continue with {@code then}. */
    record Call(ResourceCall call, Function<ResourceOutcome, LegacyPlan> then) implements LegacyPlan {
        public Call {
            Objects.requireNonNull(call, "call");
            Objects.requireNonNull(then, "then");
        }
    }

    /** Answer the legacy client. */
    record Respond(LegacyResponse response) implements LegacyPlan {
        public Respond {
            Objects.requireNonNull(response, "response");
        }
    }

    static LegacyPlan respond(LegacyResponse response) {
        return new Respond(response);
    }

    /**
     * The answer to a call that did not give what was asked: its refusal in the resource's words ({@code errors}), or
     * Grafana's 500 for an outcome of another shape.
     */
    static LegacyPlan failed(ResourceOutcome outcome, Function<Status, LegacyResponse> errors) {
        return respond(outcome instanceof ResourceOutcome.Failed failed ? errors.apply(failed.status()) : LegacyErrors.internal());
    }

    /** Run {@code call}, then {@code then}, whose failures become a 500 answer. */
    static LegacyPlan call(ResourceCall call, Function<ResourceOutcome, LegacyPlan> then) {
        return new Call(call, outcome -> guarded(() -> then.apply(outcome)));
    }

    /** The plan {@code planning} makes, or Grafana's 500 answer when it fails unexpectedly. */
    static LegacyPlan guarded(Supplier<LegacyPlan> planning) {
        return PlanGuard.guarded(planning, () -> respond(LegacyErrors.internal()), "a legacy answer");
    }

    /**
     * Runs the plan to its answer, one call at a time, on the calling thread: for tests and simple callers.
     *
     * @param backend answers each call; must not throw
     */
    default LegacyResponse run(Function<ResourceCall, ResourceOutcome> backend) {
        LegacyPlan plan = this;
        while (plan instanceof Call call) {
            plan = call.then().apply(backend.apply(call.call()));
        }
        return ((Respond) plan).response();
    }
}
