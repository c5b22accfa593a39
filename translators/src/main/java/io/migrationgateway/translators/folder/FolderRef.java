package io.migrationgateway.translators.folder;

import io.migrationgateway.translators.legacy.Names;
import io.migrationgateway.translators.resource.ResourceObject;

/**
 * A folder as dashboards and search hits name it: its legacy id, uid and title.
 *
 * @param id the legacy numeric id (0 when the folder object has none)
 */
public record FolderRef(long id, String uid, String title) {
    /** The folder that a Folder object is. */
    public static FolderRef of(ResourceObject folder) {
        return new FolderRef(folder.legacyId(), folder.name(), folder.specText("title").orElse(""));
    }

    public String slug() {
        return Names.slugify(title);
    }

    /** {@code /dashboards/f/<uid>/<slug>}. */
    public String url() {
        return Names.folderUrl(uid, slug());
    }
}
