package io.migrationgateway.translators.dashboard;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One dashboard of Grafana's legacy tables (reference §5.1), as the copy job reads it: the {@code dashboard} row (not
 * a folder row), its authors' logins from {@code user}, its latest {@code dashboard_version.message} and its
 * {@code dashboard_provisioning} row, if any. Absent text columns are empty strings.
 *
 * @param data           {@code dashboard.data}, the JSON model as stored, in UTF-8 as the driver receives it (a 15 KB
 *                       model decoded into a String only to be encoded again cost as much as checking it)
 * @param createdBy      {@code created_by}: a user id, -1 for provisioning, 0 for none
 * @param createdByLogin the login of {@code created_by}, empty when it names no user
 * @param folderUid      {@code folder_uid}, empty at the root
 * @param deleted        {@code deleted}: set for a soft-deleted (trashed) dashboard
 * @param apiVersion     {@code api_version}, empty when NULL
 * @param pluginId       {@code plugin_id}, empty when NULL
 * @param message        the message of the dashboard's latest version, empty for none
 * @param restoredFrom   the version the latest version was restored from, 0 when it was no restore
 */
public record DashboardRow(long id, long orgId, String uid, int version, byte[] data, Instant created, Instant updated,
                           long createdBy, String createdByLogin, long updatedBy, String updatedByLogin, String folderUid,
                           Optional<Instant> deleted, String apiVersion, String pluginId, String message,
                           Optional<Provisioning> provisioning, int restoredFrom) {
    /**
     * A {@code dashboard_provisioning} row.
     *
     * @param name       the provisioner's name
     * @param externalId the file the dashboard was provisioned from
     * @param checkSum   the file's checksum, empty when NULL
     * @param updated    when the file was read, unix seconds
     */
    public record Provisioning(String name, String externalId, String checkSum, long updated) {
    }

    public DashboardRow {
        Objects.requireNonNull(uid, "uid");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(updated, "updated");
        Objects.requireNonNull(createdByLogin, "createdByLogin");
        Objects.requireNonNull(updatedByLogin, "updatedByLogin");
        Objects.requireNonNull(folderUid, "folderUid");
        Objects.requireNonNull(deleted, "deleted");
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(provisioning, "provisioning");
    }

    /** A row whose latest version is no restore. */
    public DashboardRow(long id, long orgId, String uid, int version, byte[] data, Instant created, Instant updated,
                        long createdBy, String createdByLogin, long updatedBy, String updatedByLogin, String folderUid,
                        Optional<Instant> deleted, String apiVersion, String pluginId, String message,
                        Optional<Provisioning> provisioning) {
        this(id, orgId, uid, version, data, created, updated, createdBy, createdByLogin, updatedBy, updatedByLogin, folderUid,
            deleted, apiVersion, pluginId, message, provisioning, 0);
    }
}
