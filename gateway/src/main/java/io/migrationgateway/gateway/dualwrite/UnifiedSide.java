package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.resource.IdSelector;
import java.util.List;
import java.util.Optional;

/** Unified storage as a {@link Side}. Blocks on JDBC. */
final class UnifiedSide implements Side {
    private final ResourceStore store;

    UnifiedSide(ResourceStore store) {
        this.store = store;
    }

    @Override
    public Target target() {
        return Target.UNIFIED;
    }

    @Override
    public Optional<ObjectNode> read(Translator translator, String namespace, String name) {
        try {
            return Optional.of(store.get(key(translator.kind(), namespace, name)));
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.NOT_FOUND) {
                return Optional.empty();
            }
            throw new SideFailure("unified storage refused to read " + name + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new SideFailure("unified storage could not read " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ObjectNode put(Translator translator, String namespace, ObjectNode desired, Optional<ObjectNode> current) {
        GroupResource resource = resource(translator.kind());
        ObjectNode object = StoreOwned.withoutStoreOwned(desired);
        ObjectNode metadata = object.withObjectProperty("metadata");
        metadata.put("namespace", namespace);
        try {
            if (current.isEmpty()) {
                return store.create(resource, object);
            }
            // the version read just now: another writer in between is a conflict, which the outbox retries
            metadata.put("resourceVersion", current.get().path("metadata").path("resourceVersion").asText());
            return store.update(resource, object);
        } catch (StorageException e) {
            if (e.reason() == StorageException.Reason.ALREADY_EXISTS || e.reason() == StorageException.Reason.CONFLICT) {
                throw new LostRace("unified storage changed " + metadata.path("name").asText() + " in between: " + e.getMessage(), e);
            }
            throw new SideFailure("unified storage did not take " + metadata.path("name").asText() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new SideFailure("unified storage did not take " + metadata.path("name").asText() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<String> nameOf(Translator translator, String namespace, long legacyId) {
        try {
            List<ObjectNode> found = store.list(resource(translator.kind()), new ListOptions(namespace,
                    LabelSelector.parse(IdSelector.of(List.of(legacyId))), FieldSelector.EVERYTHING, 1, null)).items();
            return found.stream().map(object -> object.path("metadata").path("name").asText()).findFirst();
        } catch (RuntimeException e) {
            throw new SideFailure("unified storage could not find the object of legacy id " + legacyId + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(Translator translator, String namespace, String name) {
        try {
            store.delete(key(translator.kind(), namespace, name), new Preconditions(null, null));
        } catch (StorageException e) {
            if (e.reason() != StorageException.Reason.NOT_FOUND) {
                throw new SideFailure("unified storage refused to delete " + name + ": " + e.getMessage(), e);
            }
        } catch (RuntimeException e) {
            throw new SideFailure("unified storage could not delete " + name + ": " + e.getMessage(), e);
        }
    }

    private static ObjectKey key(KindDeclaration kind, String namespace, String name) {
        return new ObjectKey(resource(kind), namespace, name);
    }

    private static GroupResource resource(KindDeclaration kind) {
        return new GroupResource(kind.group(), kind.plural());
    }
}
