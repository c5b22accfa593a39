package io.migrationgateway.legacysim.dashboard;

import io.migrationgateway.legacysim.folder.FolderRef;
import java.time.Instant;
import java.util.Optional;

/**
 * A row of the {@code dashboard} table (a dashboard, not a folder), with the logins of its authors and the
 * folder it is in (read in the same query), empty at the root.
 */
public record DashboardRow(long id, long orgId, String uid, String title, String slug, int version, String data,
                           Instant created, Instant updated, String createdBy, String updatedBy,
                           long folderId, String folderUid, boolean hasAcl, Optional<FolderRef> folder) {
}
