package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A store that passes every call on to another: decorators override what they add to. Only the interface's abstract
 * methods are passed on; its default ones ({@link #getJson}, {@link #getInFolder}, {@link #getAll}) stay defined in
 * terms of {@link #get}, so that an overridden {@code get} is seen by them too, unless a decorator passes them on itself.
 */
public class ForwardingResourceStore implements ResourceStore {
    private final ResourceStore store;

    public ForwardingResourceStore(ResourceStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** The store calls are passed on to. */
    protected final ResourceStore delegate() {
        return store;
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
    public Watch watch(GroupResource groupResource, WatchOptions options) {
        return store.watch(groupResource, options);
    }

    @Override
    public long currentResourceVersion(GroupResource groupResource) {
        return store.currentResourceVersion(groupResource);
    }
}
