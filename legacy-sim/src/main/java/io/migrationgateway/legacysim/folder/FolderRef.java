package io.migrationgateway.legacysim.folder;

/**
 * A folder as dashboards see it: its legacy numeric id (the id of its row in {@code dashboard}, which is
 * what Grafana's deprecated {@code folderId} means), uid, title and slug.
 */
public record FolderRef(long id, String uid, String title, String slug) {
}
