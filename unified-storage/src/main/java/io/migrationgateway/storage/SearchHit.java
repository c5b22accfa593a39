package io.migrationgateway.storage;

import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.model.GroupResource;
import java.util.List;
import java.util.Objects;

/**
 * One object a search found, as its {@link SearchableFields} have it: what a search answer shows without reading the
 * object itself.
 *
 * @param tags the tags, distinct, in byte order
 */
public record SearchHit(GroupResource kind, String namespace, String name, String title, List<String> tags, String folder,
                        long legacyId) {
    public SearchHit {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        tags = List.copyOf(tags);
        Objects.requireNonNull(folder, "folder");
    }
}
