package io.migrationgateway.legacysim.folder;

import io.migrationgateway.legacysim.error.GrafanaError;

/**
 * The folder API's errors as Grafana 9.3 answers them: the texts of the folder errors in
 * {@code pkg/services/dashboards/errors.go} (lower case, unlike the dashboard ones), mapped to HTTP the way
 * {@code pkg/api/apierrors} ({@code ToFolderErrorResponse}) does. Two of them carry a status string and
 * so have the {@code {"message", "status"}} body; the others are plain {@code {"message"}} bodies.
 */
public final class FolderErrors {
    private FolderErrors() {
    }

    /** {@code ErrFolderNotFound}: 404 with status {@code not-found}; the folder permission routes answer it too. */
    public static GrafanaError notFound() {
        return GrafanaError.withStatus(404, "not-found", "folder not found");
    }

    /**
     * {@code ErrFolderVersionMismatch}: 412 with status {@code version-mismatch}. Grafana 9.3 also answers
     * this when a folder is created with the uid of an existing folder, because the legacy save sees a new
     * row (version 0) against a stored one (grafana/grafana#50767; 10.2 changed it to a 409).
     */
    static GrafanaError versionMismatch() {
        return GrafanaError.withStatus(412, "version-mismatch", "the folder has been changed by someone else");
    }

    /** {@code ErrFolderTitleEmpty}: 400. */
    static GrafanaError titleEmpty() {
        return GrafanaError.badRequest("folder title cannot be empty");
    }

    /**
     * {@code ErrFolderSameNameExists} (9.x only): 409. The text speaks of the general folder because 9.3
     * compared slugs among all folders; with the nested folders seeded here the comparison is among siblings.
     */
    static GrafanaError sameNameExists() {
        return GrafanaError.of(409, "a folder or dashboard in the general folder with the same name already exists");
    }

    /** {@code ErrDashboardTypeMismatch}: the uid belongs to a dashboard, which cannot become a folder. */
    static GrafanaError uidTakenByDashboard() {
        return GrafanaError.badRequest("Dashboard cannot be changed to a folder");
    }
}
