package io.migrationgateway.translators.resource;

import io.migrationgateway.model.SearchableFields;

/**
 * The labels and annotations by which Grafana keeps legacy facts on resource objects (reference §2.2;
 * {@code pkg/apimachinery/utils/meta.go}).
 */
public final class GrafanaMeta {
    /**
     * The field manager ({@code metadata.managedFields}) of writes made with the legacy API, around the Resource API:
     * this project's name, not Grafana's.
     */
    public static final String LEGACY_FIELD_MANAGER = "grafana-legacy-api";
    /** Label: the legacy numeric id (as decimal text). */
    public static final String DEPRECATED_INTERNAL_ID = "grafana.app/deprecatedInternalID";
    /** Annotation: the parent folder's uid; missing or empty at the root. */
    public static final String FOLDER = "grafana.app/folder";
    /** Annotation: who created it, an identity such as {@code user:<uid>}. */
    public static final String CREATED_BY = "grafana.app/createdBy";
    /** Annotation: who last changed it. */
    public static final String UPDATED_BY = "grafana.app/updatedBy";
    /** Annotation: when it last changed (RFC 3339, UTC, seconds). */
    public static final String UPDATED_TIMESTAMP = "grafana.app/updatedTimestamp";
    /** Annotation: the message of the last dashboard version. */
    public static final String MESSAGE = "grafana.app/message";
    /** Annotation: the slug, when the object came from a legacy row that had one. */
    public static final String SLUG = "grafana.app/slug";
    /** Annotation: the manager kind ({@code classic-file-provisioning}, {@code plugin}, {@code repo}, ...). */
    public static final String MANAGED_BY = "grafana.app/managedBy";
    /** Annotation: the manager's identity (provisioner name, plugin id, ...). */
    public static final String MANAGER_ID = "grafana.app/managerId";
    /** Annotation: the provisioning source path. */
    public static final String SOURCE_PATH = "grafana.app/sourcePath";
    /** Annotation: the provisioning source checksum (the reference's "sourceHash"; Grafana's key is sourceChecksum). */
    public static final String SOURCE_CHECKSUM = "grafana.app/sourceChecksum";
    /** Annotation: the provisioning source time (unix milliseconds). */
    public static final String SOURCE_TIMESTAMP = "grafana.app/sourceTimestamp";

    /** Manager kind of dashboards from classic file provisioning. */
    public static final String MANAGER_CLASSIC_FILE = "classic-file-provisioning";
    /** Manager kind of dashboards a plugin installed. */
    public static final String MANAGER_PLUGIN = "plugin";

    /** {@code metadata.generation} of a soft-deleted (trashed) object. */
    public static final long DELETED_GENERATION = -999;

    /** Grafana's dashboard_tag keeps a tag's first 50 characters. */
    private static final int MAX_TAG_LENGTH = 50;

    private GrafanaMeta() {
    }

    /**
     * What Grafana's legacy searches read of a kind's objects: the title in {@code spec.<titleField>}, the tags in
     * {@code spec.<tagsField>} ({@code null}: none), the folder annotation and the legacy id label.
     */
    public static SearchableFields searchable(String titleField, String tagsField) {
        return new SearchableFields("/spec/" + titleField, tagsField == null ? null : "/spec/" + tagsField,
                MAX_TAG_LENGTH, "/metadata/annotations/" + FOLDER.replace("/", "~1"),
                "/metadata/labels/" + DEPRECATED_INTERNAL_ID.replace("/", "~1"));
    }
}
