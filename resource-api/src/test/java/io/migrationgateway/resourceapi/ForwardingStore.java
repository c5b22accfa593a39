package io.migrationgateway.resourceapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchOptions;
import java.util.function.UnaryOperator;

/** A store that passes every call on; tests override what they want to observe or break. */
class ForwardingStore implements ResourceStore {
    private final ResourceStore store;

    ForwardingStore(ResourceStore store) {
        this.store = store;
    }

    @Override
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        return store.watch(groupResource, options);
    }

    @Override
    public ObjectNode get(ObjectKey key) {
        return store.get(key);
    }

    @Override
    public ListPage list(GroupResource groupResource, ListOptions options) {
        return store.list(groupResource, options);
    }

    @Override
    public ObjectNode create(GroupResource groupResource, ObjectNode object) {
        return store.create(groupResource, object);
    }

    @Override
    public ObjectNode update(GroupResource groupResource, ObjectNode object) {
        return store.update(groupResource, object);
    }

    @Override
    public ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change) {
        return store.guaranteedUpdate(key, change);
    }

    @Override
    public ObjectNode delete(ObjectKey key, Preconditions preconditions) {
        return store.delete(key, preconditions);
    }

    @Override
    public ListPage deleteCollection(GroupResource groupResource, ListOptions options) {
        return store.deleteCollection(groupResource, options);
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        return store.currentResourceVersion(groupResource);
    }
}
