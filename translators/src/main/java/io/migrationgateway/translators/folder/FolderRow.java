package io.migrationgateway.translators.folder;

import java.time.Instant;
import java.util.Objects;

/**
 * One folder of Grafana's legacy tables (reference §5.1): its {@code folder} row joined with the {@code dashboard} row
 * ({@code is_folder}) that carries its legacy id, version and authors, and the authors' logins from {@code user}.
 *
 * @param id             the {@code dashboard} row's id: the folder's legacy id
 * @param description    {@code folder.description}, empty when NULL
 * @param parentUid      {@code folder.parent_uid}, empty at the top level
 * @param version        the {@code dashboard} row's version
 * @param createdBy      the author's user id (-1 for provisioning, 0 for none)
 * @param createdByLogin the author's login, empty when the id names no user
 */
public record FolderRow(long id, long orgId, String uid, String title, String description, String parentUid, int version,
                        Instant created, Instant updated, long createdBy, String createdByLogin, long updatedBy,
                        String updatedByLogin) {
    public FolderRow {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parentUid, "parentUid");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(updated, "updated");
        Objects.requireNonNull(createdByLogin, "createdByLogin");
        Objects.requireNonNull(updatedByLogin, "updatedByLogin");
    }
}
