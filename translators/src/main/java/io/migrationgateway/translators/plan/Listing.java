package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.KindDeclaration;
import io.migrationgateway.translators.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reading every object a selector picks, page by page, as one step of a {@link LegacyPlan}: legacy lists and search
 * filter and sort in ways the Resource API cannot (titles, folders, tags), so they read the whole namespace first.
 */
public final class Listing {
    /** Page size of each list call: large enough for few round trips, small enough to bound one answer. */
    static final long PAGE = 500;

    private Listing() {
    }

    /**
     * Lists every object of {@code kind} in {@code namespace} matching {@code labelSelector}, then continues with
     * {@code then}; a failed page continues with {@code failed}.
     */
    public static LegacyPlan all(KindDeclaration kind, String namespace, String labelSelector,
                                 Function<List<ObjectNode>, LegacyPlan> then, Function<Status, LegacyPlan> failed) {
        return page(new ResourceCall.ListPage(kind, namespace, labelSelector, PAGE, ""), List.of(), then, failed);
    }

    private static LegacyPlan page(ResourceCall.ListPage call, List<ObjectNode> collected,
                                   Function<List<ObjectNode>, LegacyPlan> then, Function<Status, LegacyPlan> failed) {
        return LegacyPlan.call(call, outcome -> switch (outcome) {
            case ResourceOutcome.Listed listed -> {
                // a new list per page: a step may be run again (a retry), so it must not change what an earlier step holds
                List<ObjectNode> more = new ArrayList<>(collected);
                more.addAll(listed.items());
                yield listed.continueToken().isEmpty()
                        ? then.apply(List.copyOf(more))
                        : page(new ResourceCall.ListPage(call.kind(), call.namespace(), call.labelSelector(), PAGE,
                                listed.continueToken()), more, then, failed);
            }
            case ResourceOutcome.Failed failure -> failed.apply(failure.status());
            case ResourceOutcome.Found unexpected -> failed.apply(Status.internalError("a list answered one object"));
        });
    }
}
