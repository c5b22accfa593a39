package io.migrationgateway.translators.plan;

import io.migrationgateway.model.KindDeclaration;
import java.util.Objects;
import java.util.Set;

/**
 * One kind a {@link ResourceCall.Search} looks at, and the folders its objects must sit in.
 *
 * @param folders the folders ({@code ""} is the root), or {@code null} for any
 */
public record SearchScope(KindDeclaration kind, Set<String> folders) {
    public SearchScope {
        Objects.requireNonNull(kind, "kind");
        folders = folders == null ? null : Set.copyOf(folders);
    }

    public static SearchScope anyFolder(KindDeclaration kind) {
        return new SearchScope(kind, null);
    }

    public static SearchScope inFolders(KindDeclaration kind, Set<String> folders) {
        return new SearchScope(kind, folders);
    }
}
