package io.migrationgateway.translators.plan;

import io.migrationgateway.model.KindDeclaration;
import java.util.List;
import java.util.Objects;

/**
 * One object a {@link ResourceCall.Search} found, as its searchable fields have it.
 *
 * @param tags   distinct, in Go's string order
 * @param folder the folder it sits in, {@code ""} at the root (a folder found through the legacy search API has
 *               {@code ""}: that API does not say a folder's parent)
 */
public record SearchHit(KindDeclaration kind, String name, String title, List<String> tags, String folder, long legacyId) {
    public SearchHit {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        tags = List.copyOf(tags);
        Objects.requireNonNull(folder, "folder");
    }
}
