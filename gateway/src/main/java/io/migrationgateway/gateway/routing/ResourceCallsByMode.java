package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs each Resource API call of a translator's legacy plan against unified storage: the calls on the plan's own kind
 * always (that is what answering from unified storage means, in mode 3 and 4 and for shadow reads in modes 1 and 2),
 * the calls on other kinds where those kinds live now: unified storage from mode 3 up in the call's namespace, else
 * the legacy API through that kind's translator, as the caller. So a dashboard in mode 4 can be saved into, and read
 * with, a folder that only the legacy side has yet; a search of both kinds is then the merge of both stores' searches.
 */
final class ResourceCallsByMode {
    private final ModeDecisions modes;
    private final TranslatorRegistry translators;
    private final UnifiedStoreCalls unified;
    private final LegacyClient legacy;

    ResourceCallsByMode(ModeDecisions modes, TranslatorRegistry translators, UnifiedStoreCalls unified, LegacyClient legacy) {
        this.modes = modes;
        this.translators = translators;
        this.unified = unified;
        this.legacy = legacy;
    }

    /**
     * The outcome of {@code call}, made as the caller whose {@code Authorization} header this is.
     *
     * @param planKind the kind whose legacy plan makes the call
     *
     * @throws io.migrationgateway.storage.StorageUnavailableException when unified storage cannot serve it
     * @throws io.migrationgateway.gateway.upstream.LegacyUnavailableException when the legacy side does not answer
     */
    ResourceOutcome run(ResourceCall call, KindDeclaration planKind, String authorization) {
        if (call instanceof ResourceCall.Search search && search.scopes().size() > 1) {
            return search(search, planKind, authorization);
        }
        if (call instanceof ResourceCall.Get get && get.folderKind() != null
                && inUnified(get.kind(), get.namespace(), planKind) != inUnified(get.folderKind(), get.namespace(), planKind)) {
            return inFolder(get, planKind, authorization);
        }
        return inStoreOf(call.kind(), call, planKind, authorization);
    }

    /** An object read in its store, then the folder it names read in the folder's: the two kinds live apart. */
    private ResourceOutcome inFolder(ResourceCall.Get get, KindDeclaration planKind, String authorization) {
        ResourceOutcome outcome = inStoreOf(get.kind(), new ResourceCall.Get(get.kind(), get.namespace(), get.name()), planKind,
                authorization);
        if (!(outcome instanceof ResourceOutcome.Found found)) {
            return outcome;
        }
        String folder = found.object().at(get.kind().searchable().folder()).asText("");
        if (folder.isEmpty()) {
            return found;
        }
        ResourceOutcome folderOutcome = inStoreOf(get.folderKind(), new ResourceCall.Get(get.folderKind(), get.namespace(), folder),
                planKind, authorization);
        return switch (folderOutcome) {
            case ResourceOutcome.Found folderFound -> new ResourceOutcome.Found(found.object(), Optional.of(folderFound.object()));
            case ResourceOutcome.Failed failed when failed.status().reason().equals("NotFound") -> found;
            default -> folderOutcome;
        };
    }

    private ResourceOutcome inStoreOf(KindDeclaration kind, ResourceCall call, KindDeclaration planKind, String authorization) {
        if (inUnified(kind, call.namespace(), planKind)) {
            return unified.run(call);
        }
        return translators.forKind(kind.group(), kind.plural())
                .map(translator -> legacy.run(translator.resourcePlan(call), authorization))
                .orElseGet(() -> unified.run(call)); // a kind without a translator has no legacy side
    }

    private boolean inUnified(KindDeclaration kind, String namespace, KindDeclaration planKind) {
        return kind.equals(planKind) || modes.resourceApiOnUnified(kind.qualifiedResource(), namespace);
    }

    /** One search where every kind is in unified storage; else each store's part, merged into one page. */
    private ResourceOutcome search(ResourceCall.Search search, KindDeclaration planKind, String authorization) {
        List<SearchScope> inUnified = search.scopes().stream()
                .filter(scope -> inUnified(scope.kind(), search.namespace(), planKind)).toList();
        if (inUnified.size() == search.scopes().size()) {
            return unified.run(search);
        }
        List<ResourceCall.Search> parts = new ArrayList<>();
        if (!inUnified.isEmpty()) {
            parts.add(search.withScopes(inUnified));
        }
        search.scopes().stream().filter(scope -> !inUnified.contains(scope)).forEach(scope -> parts.add(search.withScopes(List.of(scope))));
        List<ResourceOutcome.Failed> failures = new ArrayList<>();
        Function<ResourceCall.Search, List<SearchHit>> run = page -> {
            ResourceOutcome outcome = inStoreOf(page.kind(), page, planKind, authorization);
            if (outcome instanceof ResourceOutcome.Searched searched) {
                return searched.hits();
            }
            failures.add(outcome instanceof ResourceOutcome.Failed failed ? failed
                    : new ResourceOutcome.Failed(Status.internalError("a search answered " + outcome.getClass().getSimpleName())));
            return List.of();
        };
        List<SearchHit> page = MergedSearch.page(search, parts, run);
        return failures.isEmpty() ? new ResourceOutcome.Searched(page) : failures.getFirst();
    }
}
