/**
 * Folders: {@link io.migrationgateway.translators.folder.FolderTranslator} (Grafana 9.3's {@code /api/folders} over the
 * Resource API, the folder Resource API over the legacy API, legacy rows), with its write plans and views, and
 * {@link io.migrationgateway.translators.folder.FolderRef}, a folder as dashboards name it.
 */
package io.migrationgateway.translators.folder;
