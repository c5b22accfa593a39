package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ForwardingResourceStore;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.plan.UnifiedWrite;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The store of one Resource API call with what its writes need besides the store: on unified storage, the translator's
 * admission ({@link Translator#admitToUnified}: what the legacy API would have made of the object, a token minted, say)
 * and, in every mode, what follows a write ({@link FollowUp}: the mode-3 copy to the legacy side, identities forgotten).
 * Reads go straight to the store, its JSON text included.
 */
final class ApiWrites extends ForwardingResourceStore {
    /** What the gateway does around each write of one object that the store took. */
    interface FollowUp {
        FollowUp NONE = new FollowUp() {
        };

        /** Before the write of {@code name} ({@code ""} for a create that names none); returns what {@link #after} gets. */
        default long before(String namespace, String name) {
            return 0;
        }

        /** After the write, {@code written} or not (then {@code name} may be unknown). */
        default void after(long opened, String namespace, String name, boolean written) {
        }
    }

    private final Translator translator;
    private final boolean admitted;
    private final FollowUp followUp;

    /**
     * @param admitted whether {@code store} is unified storage, whose writes the translator admits (the legacy-backed
     *                 store's translator makes the legacy API's calls itself)
     */
    ApiWrites(ResourceStore store, Translator translator, boolean admitted, FollowUp followUp) {
        super(store);
        this.translator = translator;
        this.admitted = admitted;
        this.followUp = followUp;
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText();
        long opened = followUp.before(namespace, object.path("metadata").path("name").asText(""));
        ObjectNode created = null;
        try {
            UnifiedWrite.Store write = admitted ? admit(object, Optional.empty()) : new UnifiedWrite.Store(object, UnaryOperator.identity());
            created = delegate().create(groupResource, write.object());
            return write.answer().apply(created);
        } finally {
            followUp.after(opened, namespace, created == null ? "" : created.path("metadata").path("name").asText(), created != null);
        }
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText();
        String name = object.path("metadata").path("name").asText();
        if (!admitted) {
            return followed(namespace, name, () -> delegate().update(groupResource, object));
        }
        String version = object.path("metadata").path("resourceVersion").asText("");
        return guaranteedUpdate(new ObjectKey(groupResource, namespace, name), current -> {
            if (!version.isEmpty() && !version.equals(current.path("metadata").path("resourceVersion").asText())) {
                throw StorageException.modified(new ObjectKey(groupResource, namespace, name));
            }
            return object.deepCopy();
        });
    }

    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        if (!admitted) {
            return followed(key.namespace(), key.name(), () -> delegate().guaranteedUpdate(key, change));
        }
        AtomicReference<UnifiedWrite.Store> last = new AtomicReference<>();
        ObjectNode updated = followed(key.namespace(), key.name(), () -> delegate().guaranteedUpdate(key, current -> {
            UnifiedWrite.Store write = admit(change.apply(current), Optional.of(current));
            last.set(write);
            return write.object();
        }));
        return last.get().answer().apply(updated);
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        return followed(key.namespace(), key.name(), () -> delegate().delete(key, preconditions));
    }

    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        ListPage deleted = delegate().deleteCollection(groupResource, options);
        for (ObjectNode object : deleted.items()) {
            followUp.after(0, object.path("metadata").path("namespace").asText(), object.path("metadata").path("name").asText(), true);
        }
        return deleted;
    }

    private UnifiedWrite.Store admit(ObjectNode desired, Optional<ObjectNode> current) {
        return switch (translator.admitToUnified(desired, current)) {
            case UnifiedWrite.Store write -> write;
            case UnifiedWrite.Refuse refuse -> throw LegacyBackedStore.refusal(refuse.status(),
                    new ObjectKey(translator.kind().groupResource(), desired.path("metadata").path("namespace").asText(),
                            desired.path("metadata").path("name").asText()));
        };
    }

    private ObjectNode followed(String namespace, String name, Supplier<ObjectNode> write) {
        long opened = followUp.before(namespace, name);
        boolean written = false;
        try {
            ObjectNode result = write.get();
            written = true;
            return result;
        } finally {
            followUp.after(opened, namespace, name, written);
        }
    }

    @Override
    public byte[] getJson(ObjectKey key) {
        return delegate().getJson(key);
    }

    @Override
    public InFolder getInFolder(ObjectKey key, GroupResource folderKind, String folderPointer) {
        return delegate().getInFolder(key, folderKind, folderPointer);
    }

    @Override
    public List<ObjectNode> getAll(GroupResource groupResource, String namespace, List<String> names) {
        return delegate().getAll(groupResource, namespace, names);
    }
}
