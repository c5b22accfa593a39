package io.migrationgateway.gateway.routing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.patch.ManagedFields;
import io.migrationgateway.translators.resource.GrafanaMeta;
import java.time.Instant;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectHistory;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.SearchQuery;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchHit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a translator's {@link ResourceCall}s against unified storage, the way the Resource API would serve them: a
 * refusal of the store ({@link StorageException}) is the outcome the translator expects, a {@link Status} with the
 * apiserver's reason and code, so that its plan words the legacy error. Searches go to the store's search index.
 * Blocks on JDBC: call it on a worker thread.
 */
final class UnifiedStoreCalls {
    private final ResourceStore store;
    private final ObjectSearch search;
    private final ObjectHistory history;

    UnifiedStoreCalls(ResourceStore store, ObjectSearch search, ObjectHistory history) {
        this.store = store;
        this.search = search;
        this.history = history;
    }

    /**
     * The outcome of {@code call}.
     *
     * @throws StorageUnavailableException when the database cannot serve it (not the caller's fault, no outcome)
     */
    ResourceOutcome run(ResourceCall call) {
        GroupResource resource = groupResource(call.kind());
        try {
            return switch (call) {
                case ResourceCall.Get get -> get(get, new ObjectKey(resource, get.namespace(), get.name()));
                case ResourceCall.GetNames names -> new ResourceOutcome.Listed(store.getAll(resource, names.namespace(),
                        names.names()), "");
                case ResourceCall.ListPage list -> listed(store.list(resource, options(list)));
                case ResourceCall.Search query -> search(query);
                case ResourceCall.TagCounts tags -> new ResourceOutcome.Tagged(search.tagCounts(resource, tags.namespace()).stream()
                        .map(tag -> new ResourceOutcome.TagCount(tag.tag(), tag.count())).toList());
                case ResourceCall.Versions versions -> new ResourceOutcome.Listed(history.versions(
                        new ObjectKey(resource, versions.namespace(), versions.name()), versions.offset(), versions.limit()), "");
                case ResourceCall.Version version -> history.version(new ObjectKey(resource, version.namespace(), version.name()),
                        version.generation()).<ResourceOutcome>map(ResourceOutcome.Found::new)
                        .orElseGet(() -> new ResourceOutcome.Failed(Status.notFound(version.kind(), version.name())));
                case ResourceCall.Create create -> found(store.create(resource, byLegacyApi(null,
                        inNamespace(create.object(), create.namespace()))));
                case ResourceCall.Update update -> found(store.update(resource, byLegacyApi(
                        current(new ObjectKey(resource, update.namespace(), update.object().path("metadata").path("name").asText())),
                        inNamespace(update.object(), update.namespace()))));
                case ResourceCall.Delete delete -> found(store.delete(new ObjectKey(resource, delete.namespace(), delete.name()),
                        new Preconditions(null, delete.resourceVersion().isEmpty() ? null : delete.resourceVersion())));
            };
        } catch (StorageException refused) {
            return new ResourceOutcome.Failed(status(refused, call.kind()));
        }
    }

    private ResourceOutcome get(ResourceCall.Get get, ObjectKey key) {
        if (get.folderKind() == null) {
            return found(store.get(key));
        }
        ResourceStore.InFolder found = store.getInFolder(key, groupResource(get.folderKind()), get.kind().searchable().folder());
        return new ResourceOutcome.Found(found.object(), Optional.ofNullable(found.folder()));
    }

    private ResourceOutcome search(ResourceCall.Search query) {
        Map<GroupResource, KindDeclaration> kinds = new HashMap<>();
        List<SearchQuery.KindScope> scopes = query.scopes().stream().map(scope -> {
            kinds.put(groupResource(scope.kind()), scope.kind());
            return new SearchQuery.KindScope(groupResource(scope.kind()), scope.folders());
        }).toList();
        SearchQuery asked = new SearchQuery(scopes, query.namespace(), query.title() == null ? null
                : new SearchQuery.TitleMatch(query.title().pattern(), query.title().caseSensitive()), query.tags(),
                query.legacyIds(), query.names(), SearchQuery.Order.valueOf(query.order().name()), query.offset(), query.limit());
        return new ResourceOutcome.Searched(search.search(asked).stream()
                .map(hit -> new SearchHit(kinds.get(hit.kind()), hit.name(), hit.title(), hit.tags(), hit.folder(), hit.legacyId()))
                .toList());
    }

    private static GroupResource groupResource(KindDeclaration kind) {
        return new GroupResource(kind.group(), kind.plural());
    }

    private static ListOptions options(ResourceCall.ListPage list) {
        return new ListOptions(list.namespace(), LabelSelector.parse(list.labelSelector()), FieldSelector.EVERYTHING,
                (int) list.limit(), list.continueToken().isEmpty() ? null : list.continueToken());
    }

    /**
     * {@code object}, written with the legacy API, with the managed fields of {@code current} (the stored object, or
     * {@code null}) and the fields it changes owned by the legacy API's manager, as over the legacy side
     * ({@link io.migrationgateway.gateway.overlegacy.KeptMetadataStore}): a client's next server-side apply of them conflicts.
     */
    private ObjectNode byLegacyApi(ObjectNode current, ObjectNode object) {
        ManagedFields.recordUpdate(current, object, GrafanaMeta.LEGACY_FIELD_MANAGER, object.path("apiVersion").asText(),
                Instant.now());
        return object;
    }

    private ObjectNode current(ObjectKey key) {
        try {
            return store.get(key);
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return null; // the update answers the refusal itself
            }
            throw e;
        }
    }

    /** The store takes the namespace from the object; the call names it, and the call is what the plan means. */
    private static ObjectNode inNamespace(ObjectNode object, String namespace) {
        object.withObjectProperty("metadata").put("namespace", namespace);
        return object;
    }

    private static ResourceOutcome found(ObjectNode object) {
        return new ResourceOutcome.Found(object);
    }

    private static ResourceOutcome listed(ListPage page) {
        return new ResourceOutcome.Listed(page.items(), page.continueToken() == null ? "" : page.continueToken());
    }

    /** The Status the Resource API answers for the same refusal (storage reason → apiserver reason and code). */
    static Status status(StorageException refused, KindDeclaration kind) {
        String name = refused.key() == null ? null : refused.key().name();
        Status.Details details = new Status.Details(name, kind.group(), kind.plural(), refused.causes().stream()
                .map(cause -> new Status.Cause(cause.reason(), cause.message(), cause.field())).toList());
        return switch (refused.reason()) {
            case NOT_FOUND -> new Status(404, "NotFound", refused.getMessage(), details);
            case ALREADY_EXISTS -> new Status(409, "AlreadyExists", refused.getMessage(), details);
            case CONFLICT -> new Status(409, "Conflict", refused.getMessage(), details);
            case EXPIRED -> new Status(410, "Expired", refused.getMessage(), details);
            case INVALID -> new Status(422, "Invalid", refused.getMessage(), details);
            case BAD_REQUEST -> new Status(400, "BadRequest", refused.getMessage(), details);
            case TOO_LARGE -> new Status(413, "RequestEntityTooLarge", refused.getMessage(), details);
        };
    }
}
