package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.resource.IdSelector;
import java.time.Instant;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.upstream.LegacyUnavailableException;
import io.migrationgateway.resourceapi.status.ApiException;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.JsonSize;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.Status;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.SearchOrder;
import io.migrationgateway.translators.resource.ResourceObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One caller's view of one resource kept by the legacy deployment, as a {@link ResourceStore}: each operation is the
 * translator's Resource-API-over-legacy plan, sent with the caller's credentials. Made per request (it holds the
 * caller's {@code Authorization}, which it never logs).
 *
 * <p>What the legacy API cannot keep, it does not pretend to: an object's resource version is its legacy version, and
 * labels other than the legacy id do not select (unless the list reads the legacy tables). Lists page, across
 * namespaces too; with the legacy database they read a page of rows in one query ({@link LegacyTablePages}) and keep
 * what the legacy search shows the caller. Watches come from the resource's {@link LegacyChanges}; a deletion they
 * report carries the object's identity, not its last state ({@link LegacyWatch}).
 */
final class LegacyBackedStore implements ResourceStore {
    /** How often a read-modify-write (patch, apply, update without version) starts over when a writer came first. */
    private static final int UPDATE_ATTEMPTS = 5;
    /** Objects per page when a list gives no limit. */
    static final int PAGE = 500;
    /**
     * Rows read at least for a page a selector may thin out: a page of 1 (kubectl's {@code --chunk-size=1}) selecting
     * a few objects among thousands would otherwise be a request per row.
     */
    private static final int SELECTING_SCAN = 100;

    private final Translator translator;
    private final LegacyClient legacy;
    private final String authorization;
    private final SortedSet<String> visibleNamespaces;
    private final LegacyChanges changes;
    private final Optional<LegacyTablePages> tablePages;

    private final int maxObjectBytes;
    private final KeptMetadataStore kept;

    /**
     * @param visibleNamespaces the namespaces the caller may read, for lists and watches across namespaces
     * @param tablePages        where lists read the resource's legacy rows, when the legacy database is configured
     * @param kept              the metadata the legacy side cannot keep
     */
    LegacyBackedStore(Translator translator, LegacyClient legacy, String authorization, SortedSet<String> visibleNamespaces,
                      LegacyChanges changes, Optional<LegacyTablePages> tablePages, int maxObjectBytes, KeptMetadataStore kept) {
        this.maxObjectBytes = maxObjectBytes;
        this.kept = Objects.requireNonNull(kept, "kept");
        this.translator = Objects.requireNonNull(translator, "translator");
        this.legacy = Objects.requireNonNull(legacy, "legacy");
        this.authorization = authorization == null ? "" : authorization;
        this.visibleNamespaces = visibleNamespaces;
        this.changes = Objects.requireNonNull(changes, "changes");
        this.tablePages = Objects.requireNonNull(tablePages, "tablePages");
    }

    private KindDeclaration kind() {
        return translator.kind();
    }

    @Override
    public ObjectNode get(ObjectKey key) {
        return withKept(found(run(new ResourceCall.Get(kind(), key.namespace(), key.name()), key)));
    }

    /** {@code object}, built from the legacy side, with the metadata kept for it. */
    private ObjectNode withKept(ObjectNode object) {
        kept.merge(kind().groupResource(), List.of(object));
        return object;
    }

    /**
     * One page, in one namespace or across the caller's namespaces (in namespace order). Bounded like every page: a
     * limit of 0 is taken as {@value #PAGE} and answered with a continue token when more follow (the Resource API asks
     * this store for pages only).
     */
    @Override
    public ListPage list(GroupResource groupResource, ListOptions options) {
        // taken before the rows are read: polling for changes starts from here, so a change made while the page is
        // read is in the page or after this version, never in neither
        long version = changes.currentVersion();
        int limit = options.limit() == 0 ? PAGE : Math.min(options.limit(), ResourceCall.MAX_PAGE);
        ListToken from = ListToken.decode(options.continueToken());
        List<String> namespaces = options.namespace() != null ? List.of(options.namespace())
                : visibleNamespaces.stream().filter(namespace -> from == null || namespace.compareTo(from.namespace()) >= 0).toList();
        if (from != null && options.namespace() != null && !from.namespace().equals(options.namespace())) {
            throw new StorageException(StorageException.Reason.BAD_REQUEST, null, "the continue token is of another namespace");
        }
        List<ObjectNode> items = new ArrayList<>();
        String inner = from != null && !namespaces.isEmpty() && namespaces.getFirst().equals(from.namespace()) ? from.inner() : "";
        for (int i = 0; i < namespaces.size(); i++) {
            String namespace = namespaces.get(i);
            NamespacePage page = pageIn(namespace, options, limit - items.size(), inner);
            items.addAll(page.items());
            if (!page.next().isEmpty()) {
                return new ListPage(items, version, new ListToken(namespace, page.next()).encode(), null);
            }
            inner = "";
            if (items.size() >= limit && i + 1 < namespaces.size()) {
                return new ListPage(items, version, new ListToken(namespaces.get(i + 1), "").encode(), null);
            }
        }
        return new ListPage(items, version, null, null);
    }

    /** A page of one namespace, and where the next one starts ({@code ""}: nothing follows). */
    private record NamespacePage(List<ObjectNode> items, String next) {
    }

    private NamespacePage pageIn(String namespace, ListOptions options, int limit, String token) {
        if (tablePages.isEmpty()) {
            ResourceOutcome.Listed page = listed(run(new ResourceCall.ListPage(kind(), namespace, legacyLabels(options), limit, token), null));
            kept.merge(kind().groupResource(), page.items());
            return new NamespacePage(selected(labelled(page.items(), options), options.fields()), page.continueToken());
        }
        long after = token.isEmpty() ? 0 : ResourceObject.positiveLong(token);
        if (after < 0 || (after == 0 && !token.isEmpty())) {
            throw new StorageException(StorageException.Reason.BAD_REQUEST, null, "invalid continue token");
        }
        boolean everything = options.labels().isEverything() && options.fields().isEverything();
        LegacyTablePages.Page rows = tablePages.get().read(namespace, after, everything ? limit : Math.max(limit, SELECTING_SCAN));
        List<ObjectNode> candidates = selected(rows.objects(), options.fields());
        kept.merge(kind().groupResource(), candidates);
        candidates = labelled(candidates, options);
        Set<String> visible = visible(namespace, candidates);
        List<ObjectNode> page = candidates.stream().filter(object -> visible.contains(name(object))).toList();
        if (page.size() > limit) { // the rest of the rows read are read again by the next page
            page = page.subList(0, limit);
            return new NamespacePage(page, Long.toString(KeptObjects.legacyId(page.getLast())));
        }
        return new NamespacePage(page, rows.more() ? Long.toString(rows.lastId()) : "");
    }

    /**
     * Which of {@code objects} (read from the legacy tables) the caller may see: those the legacy side's own search
     * finds for the caller, one request for the page, so its permissions (and its trash) hold as for any other read.
     */
    private Set<String> visible(String namespace, List<ObjectNode> objects) {
        if (objects.isEmpty()) {
            return Set.of();
        }
        List<String> names = objects.stream().map(LegacyBackedStore::name).toList();
        ResourceCall.Search search = ResourceCall.Search.of(namespace, List.of(kind()), SearchOrder.TITLE_ASC, 0, names.size())
                .withNames(names);
        Set<String> visible = new HashSet<>();
        if (run(search, null) instanceof ResourceOutcome.Searched searched) {
            searched.hits().forEach(hit -> visible.add(hit.name()));
        }
        return visible;
    }

    /**
     * The part of the selector the translator can serve from the legacy API: legacy ids only; any other selector
     * selects on the labels kept beside the legacy objects, after they are read.
     */
    private static String legacyLabels(ListOptions options) {
        String selector = options.labels().isEverything() ? "" : options.labels().toString();
        return IdSelector.parse(selector).isPresent() ? selector : "";
    }

    private static List<ObjectNode> labelled(List<ObjectNode> items, ListOptions options) {
        return options.labels().isEverything() ? items
                : items.stream().filter(object -> options.labels().matches(object.path("metadata").path("labels"))).toList();
    }

    private static List<ObjectNode> selected(List<ObjectNode> items, FieldSelector fields) {
        return fields.isEverything() ? items : items.stream()
                .filter(item -> fields.matches(item.path("metadata").path("namespace").asText(), name(item)))
                .toList();
    }

    private static String name(ObjectNode object) {
        return object.path("metadata").path("name").asText();
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText();
        return written(groupResource, object, new ResourceCall.Create(kind(), namespace, object), WatchEvent.Type.ADDED);
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText();
        return written(groupResource, object, new ResourceCall.Update(kind(), namespace, object), WatchEvent.Type.MODIFIED);
    }

    /**
     * Runs a create or update of {@code object} and tells the watchers; an object larger than unified storage would
     * keep is refused here too, so a write is not taken in mode 2 that the copy to mode 3 would refuse.
     */
    private ObjectNode written(GroupResource groupResource, ObjectNode object, ResourceCall write, WatchEvent.Type type) {
        ObjectKey key = new ObjectKey(groupResource, write.namespace(), object.path("metadata").path("name").asText());
        JsonSize.check(key, object, maxObjectBytes);
        Written written = keeping(key, object, () -> found(run(write, key)));
        LegacyChanges.Change change = new LegacyChanges.Change(type, write.namespace(), KeptObjects.name(written.object()), 0);
        if (written.legacyUnchanged()) {
            changes.keptMetadataChanged(change); // no legacy row changed for the poll to find
        } else {
            changes.madeByGateway(change);
        }
        return written.object();
    }

    /**
     * An object as a write left it, with its kept metadata.
     *
     * @param legacyUnchanged whether the legacy side kept the object as it was (only what the gateway keeps changed)
     */
    private record Written(ObjectNode object, boolean legacyUnchanged) {
    }

    /**
     * Runs {@code legacyWrite} of {@code desired} and keeps the metadata the legacy side cannot: noted as pending
     * before the write (a name the legacy side generates cannot be), kept for the object the write made after it.
     */
    private Written keeping(ObjectKey key, ObjectNode desired, Supplier<ObjectNode> legacyWrite) {
        ObjectNode metadata = KeptObjects.keptPart(desired);
        metadata.remove("uid");
        metadata.remove("creationTimestamp");
        boolean named = !key.name().isEmpty();
        Optional<KeptMetadataStore.Kept> before = named ? Optional.ofNullable(kept.find(key.groupResource(), key.namespace(),
                List.of(key.name())).get(key.name())) : Optional.empty();
        if (named) {
            kept.markPending(key, new KeptMetadataStore.Pending(metadata, KeptObjects.specPrint(desired)));
        }
        ObjectNode stored;
        try {
            stored = legacyWrite.get();
        } catch (RuntimeException refused) {
            if (named) {
                kept.clearPending(key);
            }
            throw refused;
        }
        long legacyId = KeptObjects.legacyId(stored);
        before.filter(k -> k.legacyId() != 0 && k.legacyId() == legacyId).ifPresent(k -> {
            KeptObjects.copy(k.metadata(), metadata, "uid");
            KeptObjects.copy(k.metadata(), metadata, "creationTimestamp");
        });
        if (!metadata.has("creationTimestamp") && !stored.path("metadata").hasNonNull("creationTimestamp")) {
            metadata.put("creationTimestamp", LegacyTime.format(Instant.now()));
        }
        boolean legacyCountsNoGenerations = !stored.path("metadata").has("generation");
        if (legacyCountsNoGenerations) {
            // a playlist's: one more than before when its spec changed
            metadata.put("generation", before.filter(k -> k.legacyId() == legacyId)
                    .map(k -> KeptObjects.generationAfter(k, stored)).orElse(1L));
        }
        ObjectKey made = new ObjectKey(key.groupResource(), key.namespace(), KeptObjects.name(stored));
        KeptObjects.apply(key.groupResource(), stored, metadata);
        ObjectNode keptNow = KeptObjects.keptPart(stored);
        if (legacyCountsNoGenerations) {
            keptNow.set("generation", metadata.get("generation"));
        }
        kept.commit(made, legacyId, KeptObjects.version(stored), keptNow, KeptObjects.print(stored));
        return new Written(stored, before.filter(k -> k.legacyId() == legacyId && k.legacyVersion().equals(KeptObjects.version(stored)))
                .isPresent());
    }

    /** Read, change, write with the read version as precondition; again from a fresh read when a writer came first. */
    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        for (int attempt = 1; ; attempt++) {
            ObjectNode current = get(key);
            String version = current.path("metadata").path("resourceVersion").asText();
            ObjectNode changed = change.apply(current.deepCopy());
            ObjectNode metadata = changed.withObjectProperty("metadata");
            metadata.put("namespace", key.namespace());
            metadata.put("name", key.name());
            metadata.put("resourceVersion", version);
            try {
                return update(key.groupResource(), changed);
            } catch (StorageException e) {
                if (e.reason() != StorageException.Reason.CONFLICT || attempt == UPDATE_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        if (preconditions.uid() != null) {
            String uid = get(key).path("metadata").path("uid").asText();
            if (!preconditions.uid().equals(uid)) {
                throw new StorageException(StorageException.Reason.CONFLICT, key, "Precondition failed: UID in precondition: "
                        + preconditions.uid() + ", UID in object meta: " + uid);
            }
        }
        String version = preconditions.resourceVersion() == null ? "" : preconditions.resourceVersion();
        ObjectNode deleted = withKept(found(run(new ResourceCall.Delete(kind(), key.namespace(), key.name(), version), key)));
        kept.forget(key);
        changes.madeByGateway(new LegacyChanges.Change(WatchEvent.Type.DELETED, key.namespace(), key.name(), 0));
        return deleted;
    }

    /**
     * One page of what {@code options} selects, from its continue token on, deleted object by object; the token says
     * where the next page starts (a page of rows may select none of them and still be followed by more).
     */
    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        ListPage selected = list(groupResource, options);
        List<ObjectNode> deleted = new ArrayList<>();
        for (ObjectNode item : selected.items()) {
            ObjectKey key = new ObjectKey(groupResource, item.path("metadata").path("namespace").asText(), name(item));
            try {
                deleted.add(delete(key, Preconditions.NONE));
            } catch (StorageException e) {
                if (e.reason() != StorageException.Reason.NOT_FOUND) { // gone meanwhile: what was asked for holds
                    throw e;
                }
            }
        }
        return new ListPage(deleted, changes.currentVersion(), selected.continueToken(), null);
    }

    @Override
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        return changes.watch(this, options, visibleNamespaces);
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        return changes.currentVersion();
    }

    private ResourceOutcome run(ResourceCall call, ObjectKey key) {
        ResourceOutcome outcome;
        try {
            outcome = legacy.run(translator.resourcePlan(call), authorization);
        } catch (LegacyUnavailableException e) {
            throw new StorageUnavailableException(e.getMessage(), e); // the Resource API's 503: not the caller's fault
        }
        if (outcome instanceof ResourceOutcome.Failed failed) {
            throw refusal(failed.status(), key);
        }
        return outcome;
    }

    private static ObjectNode found(ResourceOutcome outcome) {
        if (outcome instanceof ResourceOutcome.Found found) {
            return found.object();
        }
        throw new IllegalStateException("the translator answered a single-object call with " + outcome.getClass().getSimpleName());
    }

    private static ResourceOutcome.Listed listed(ResourceOutcome outcome) {
        if (outcome instanceof ResourceOutcome.Listed listed) {
            return listed;
        }
        throw new IllegalStateException("the translator answered a list with " + outcome.getClass().getSimpleName());
    }

    /**
     * The refusal as the Resource API layer expects it: the refusals its verbs act on (not found, already exists,
     * conflict, invalid) as storage refusals, every other one as the Status the translator worded.
     */
    static RuntimeException refusal(Status status, ObjectKey key) {
        if (key != null) {
            switch (status.reason()) {
                case "NotFound" -> {
                    return StorageException.notFound(key);
                }
                case "AlreadyExists" -> {
                    return StorageException.alreadyExists(key);
                }
                case "Conflict" -> {
                    return new StorageException(StorageException.Reason.CONFLICT, key, status.message());
                }
                case "Invalid" -> {
                    return new StorageException(StorageException.Reason.INVALID, key, status.message(), causes(status));
                }
                default -> {
                    // worded by the translator, answered as is
                }
            }
        }
        Status.Details details = status.details();
        return new ApiException(new io.migrationgateway.model.Status(status.code(), status.reason(), status.message(),
                details == null ? null : new io.migrationgateway.model.Status.Details(details.name(), details.group(),
                        details.kind(), details.causes().stream()
                        .map(c -> new io.migrationgateway.model.Status.Cause(c.reason(), c.message(), c.field())).toList())));
    }

    private static List<StorageException.Cause> causes(Status status) {
        return status.details() == null ? List.of() : status.details().causes().stream()
                .map(c -> new StorageException.Cause(c.field(), c.reason(), c.message())).toList();
    }
}
