package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.http.ApiTarget;
import java.util.List;
import java.util.Set;

/**
 * Which namespaces a list or watch may show. A namespaced request shows its namespace (authorization already
 * checked it). An all-namespaces request shows only the namespaces the caller has a role in: narrowed to that
 * namespace in storage when there is one, else filtered here.
 *
 * @param storeNamespace the namespace to ask storage for, or {@code null} for all
 * @param visible        the namespaces to keep, or {@code null} when storage already narrowed
 */
record NamespaceScope(String storeNamespace, Set<String> visible) {
    static NamespaceScope of(ApiTarget.Resource target, Caller caller) {
        if (target.namespace() != null) {
            return new NamespaceScope(target.namespace(), null);
        }
        Set<String> namespaces = caller.roles().keySet();
        if (namespaces.size() == 1) {
            return new NamespaceScope(namespaces.iterator().next(), null);
        }
        return new NamespaceScope(null, Set.copyOf(namespaces));
    }

    /** Whether results are filtered here (then page sizes and remaining counts from storage do not hold). */
    boolean filtering() {
        return visible != null;
    }

    boolean shows(ObjectNode object) {
        return visible == null || visible.contains(object.path("metadata").path("namespace").asText());
    }

    List<ObjectNode> filter(List<ObjectNode> objects) {
        return visible == null ? objects : objects.stream().filter(this::shows).toList();
    }
}
