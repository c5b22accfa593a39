/**
 * Folders: Grafana 9.3's {@code /api/folders} endpoints ({@link io.migrationgateway.legacysim.folder.FolderApi}) over
 * the legacy dual bookkeeping of a {@code folder} row plus an {@code is_folder} {@code dashboard} row
 * ({@link io.migrationgateway.legacysim.folder.FolderStore}), and the lookups dashboards use to name their folder.
 */
package io.migrationgateway.legacysim.folder;
