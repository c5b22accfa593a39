package io.migrationgateway.translators;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.SweepReads;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.translators.plan.LegacyPlan;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourcePlan;
import io.migrationgateway.translators.plan.UnifiedWrite;
import java.util.List;
import java.util.Optional;

/**
 * Everything the gateway knows about one resource, in one place: its kind on the Resource API, the legacy routes it
 * owns, how either API is served from the other, how refusals are worded on each side, and what a comparison of
 * answers must ignore. Adding a resource is a package with an implementation and its legacy table, plus its line in
 * {@code grafana.GrafanaResources} (docs/adding-a-resource.md).
 *
 * <p>Implementations are pure (no I/O: the plans they return ask the gateway to do it), immutable and thread-safe,
 * and never throw: every entry point returns an answer, an error answer included.
 */
public interface Translator {
    /** The Resource API declaration of the kind: discovery, OpenAPI, validation and Table output come from it. */
    KindDeclaration kind();

    /** The legacy routes this translator answers (modes 3–5) and that belong to this kind; in registry order. */
    List<LegacyRoute> routes();

    /**
     * The rest of the kind's legacy surface: each operation Grafana has under its routes that {@link #routes()} does not
     * translate, with how it is handled and why.
     */
    default List<UntranslatedOperation> untranslated() {
        return List.of();
    }

    /**
     * Whether the legacy deployment reads this kind's legacy tables for itself (its callers authenticate with service
     * accounts' tokens, say): then the flip gate keeps the kind where its writes reach those tables (mode 3 or below)
     * until every other resource is retired from the legacy side. False by default.
     */
    default boolean legacySideReadsIt() {
        return false;
    }

    /**
     * The path variable by which this kind's legacy routes address an object by its legacy id (Grafana 9.3's service
     * accounts: {@code serviceAccountId}) rather than by {@code uid}; a create answers the new id as {@code id}. The
     * gateway then finds the object a legacy write touched by its id label. Empty by default.
     */
    default Optional<String> legacyIdVariable() {
        return Optional.empty();
    }

    /**
     * Whether the gateway writes this kind to the legacy side as rows of its legacy tables (the table's write-back)
     * rather than through the legacy API: true when unified storage holds what the API cannot take, such as a token's
     * hash, whose token the API would mint anew. False by default.
     */
    default boolean writesLegacyRows() {
        return false;
    }

    /**
     * What unified storage stores when a Resource API client writes {@code desired} over {@code current} (empty for a
     * create) in modes 3–5: the parts the legacy side would have made itself (a token's id and hash, say) and what the
     * write's answer alone carries. {@code desired} as given by default. Called once per attempt of the write (again
     * when another writer came first), where blocking briefly is allowed.
     */
    default UnifiedWrite admitToUnified(ObjectNode desired, Optional<ObjectNode> current) {
        return UnifiedWrite.unchanged(desired);
    }

    /** The reads of this kind's legacy routes that a compare sweep makes; none by default (compared by traffic alone). */
    default SweepReads sweepReads() {
        return SweepReads.NONE;
    }

    /**
     * How many of each object's latest versions (generations) unified storage keeps past history compaction, for the
     * legacy routes that serve versions from it; 0, the default, keeps only what lists and watches need.
     */
    default int versionsKept() {
        return 0;
    }

    /**
     * How to answer {@code request}, a request to one of {@link #routes()}, from the Resource API: the calls to make
     * and the legacy answer built from their outcomes, byte-compatible in shape with Grafana's (errors included).
     */
    LegacyPlan legacyPlan(LegacyRequest request);

    /**
     * How to serve {@code call}, a Resource API call on this translator's kind, from the legacy API (modes 0–2): the
     * legacy requests to send and the outcome built from their answers, legacy errors turned into {@link Status}es.
     */
    ResourcePlan resourcePlan(ResourceCall call);

    /**
     * The legacy error answer that {@code status} means on {@code route}, for failures the gateway meets itself while
     * running a plan's calls (the store unreachable, say); plans map the statuses they receive themselves.
     */
    LegacyResponse legacyError(LegacyRoute route, Status status);

    /** What a comparison of two legacy answers of {@code route} must ignore. */
    ComparisonRules legacyRules(LegacyRoute route);

    /** What a comparison of two resource objects of this kind must ignore (shadow reads on {@code /apis}, the verifier). */
    ComparisonRules resourceRules();
}
