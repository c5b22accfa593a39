package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongFunction;

/** The steps every kind's {@link ResourcePlan}s share: the org of a namespace, legacy reads, preconditions. */
public final class OverLegacy {
    private OverLegacy() {
    }

    /** Continues with the org of the call's namespace, or refuses a namespace the deployment does not serve (400). */
    public static ResourcePlan inOrg(Namespaces namespaces, ResourceCall call, LongFunction<ResourcePlan> then) {
        Optional<String> refusal = namespaces.whyNotServed(call.namespace());
        if (refusal.isPresent()) {
            return ResourcePlan.fail(Status.badRequest(refusal.get()));
        }
        return then.apply(namespaces.orgOf(call.namespace()).orElseThrow());
    }

    /** Sends {@code call}; a 2xx answer's body continues with {@code then}, an error becomes the Status it means. */
    public static ResourcePlan send(LegacyCall call, KindDeclaration kind, String name, Function<JsonNode, ResourcePlan> then) {
        return ResourcePlan.call(call, answer -> answer.successful()
                ? then.apply(answer.body())
                : ResourcePlan.fail(LegacyAnswers.toStatus(kind, name, answer)));
    }

    /**
     * The refusal of a read only unified storage can answer: an object's versions are the history its writes leave
     * there, which the legacy API does not show as such.
     */
    public static ResourcePlan unifiedOnly(ResourceCall call) {
        return ResourcePlan.fail(Status.badRequest("the versions of " + call.kind().plural() + " are read from unified storage only"));
    }

    /** Refuses a stale precondition: {@code expected} (empty for none) is not {@code actual}. */
    public static Optional<Status> stale(KindDeclaration kind, String name, String expected, String actual) {
        return expected.isEmpty() || expected.equals(actual) ? Optional.empty() : Optional.of(Status.conflict(kind, name));
    }

    /**
     * Reads each of {@code reads} in turn and continues with the objects {@code toObject} makes of the answers; a 404
     * (deleted between the listing and the read) is skipped, any other error fails the whole list.
     */
    public static ResourcePlan readEach(List<LegacyCall> reads, KindDeclaration kind, Function<JsonNode, ObjectNode> toObject,
                                        Function<List<ObjectNode>, ResourcePlan> then) {
        return readFrom(reads, 0, List.of(), kind, toObject, then);
    }

    private static ResourcePlan readFrom(List<LegacyCall> reads, int next, List<ObjectNode> read, KindDeclaration kind,
                                         Function<JsonNode, ObjectNode> toObject, Function<List<ObjectNode>, ResourcePlan> then) {
        if (next == reads.size()) {
            return then.apply(read);
        }
        return ResourcePlan.call(reads.get(next), answer -> {
            if (answer.status() == 404) {
                return readFrom(reads, next + 1, read, kind, toObject, then);
            }
            if (!answer.successful()) {
                return ResourcePlan.fail(LegacyAnswers.toStatus(kind, "", answer));
            }
            List<ObjectNode> more = new ArrayList<>(read);
            more.add(toObject.apply(answer.body()));
            return readFrom(reads, next + 1, more, kind, toObject, then);
        });
    }

    /** The object {@code builder} makes, placed in {@code namespace}: a Found outcome. */
    public static ResourcePlan found(ResourceObject.Builder builder, String namespace) {
        return ResourcePlan.respond(new ResourceOutcome.Found(builder.namespace(namespace).build()));
    }

    /** {@code object} as the outcome. */
    public static ResourcePlan found(ResourceObject object) {
        return ResourcePlan.respond(new ResourceOutcome.Found(object.json()));
    }
}
