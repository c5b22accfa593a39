package io.migrationgateway.resourceapi.kinds;

import java.util.List;

/** The kinds the gateway serves out of the box: Grafana's dashboards, folders and playlists. */
public final class GrafanaKinds {
    private GrafanaKinds() {
    }

    /** Dashboards have an unstructured spec (the legacy JSON model), so no spec schema is named. */
    public static final KindDeclaration DASHBOARDS = new KindDeclaration(
            "dashboard.grafana.app", List.of("v1beta1", "v0alpha1"), "dashboards", "dashboard", "Dashboard",
            List.of("dash"), "/openapi/dashboard.grafana.app-v1beta1.json", null, "title");

    public static final KindDeclaration FOLDERS = new KindDeclaration(
            "folder.grafana.app", List.of("v1beta1"), "folders", "folder", "Folder",
            List.of(), "/openapi/folder.grafana.app-v1beta1.json",
            "com.github.grafana.grafana.apps.folder.pkg.apis.folder.v1beta1.FolderSpec", "title");

    public static final KindDeclaration PLAYLISTS = new KindDeclaration(
            "playlist.grafana.app", List.of("v0alpha1"), "playlists", "playlist", "Playlist",
            List.of(), "/openapi/playlist.grafana.app-v0alpha1.json",
            "com.github.grafana.grafana.apps.playlist.pkg.apis.playlist.v0alpha1.PlaylistSpec", "title");

    /** Dashboards, folders, playlists, in that order (the order of discovery documents). */
    public static List<KindDeclaration> all() {
        return List.of(DASHBOARDS, FOLDERS, PLAYLISTS);
    }
}
