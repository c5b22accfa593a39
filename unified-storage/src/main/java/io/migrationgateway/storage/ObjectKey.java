package io.migrationgateway.storage;

import io.migrationgateway.model.GroupResource;
import java.util.Objects;

/** Where one object lives: its group-resource, namespace and name. */
public record ObjectKey(GroupResource groupResource, String namespace, String name) {
    public ObjectKey {
        Objects.requireNonNull(groupResource, "groupResource");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
    }
}
