package io.migrationgateway.legacysim.dashboard;

import java.time.Instant;

/** A row of the {@code dashboard} table (a dashboard, not a folder), with the logins of its authors. */
public record DashboardRow(long id, long orgId, String uid, String title, String slug, int version, String data,
                           Instant created, Instant updated, String createdBy, String updatedBy,
                           long folderId, String folderUid, boolean hasAcl) {
}
