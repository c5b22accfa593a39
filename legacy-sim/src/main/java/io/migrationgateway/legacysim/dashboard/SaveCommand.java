package io.migrationgateway.legacysim.dashboard;

import java.util.Map;

/**
 * Grafana's SaveDashboardCommand: the dashboard model and where and how to save it.
 *
 * @param model     the dashboard JSON model (its {@code id}, {@code uid}, {@code version}, {@code title} drive the save)
 * @param folderUid the target folder, or null to keep (update) / use the root (create)
 * @param folderId  the deprecated numeric folder id, used when no folderUid is given
 * @param restoredFrom the version a restore brings back (0 for a save), recorded on the version the save makes
 */
public record SaveCommand(Map<String, Object> model, String folderUid, Long folderId, String message, boolean overwrite,
                          int restoredFrom) {
    public SaveCommand(Map<String, Object> model, String folderUid, Long folderId, String message, boolean overwrite) {
        this(model, folderUid, folderId, message, overwrite, 0);
    }
}
