package io.migrationgateway.resourceapi.kinds;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import java.util.List;

/**
 * The kinds the gateway serves out of the box, as the translators declare them (with their OpenAPI snapshots on
 * the translators' classpath): the same declarations the gateway hands to the Resource API.
 */
public final class GrafanaKinds {
    public static final KindDeclaration DASHBOARDS = DashboardTranslator.KIND;
    public static final KindDeclaration FOLDERS = FolderTranslator.KIND;
    public static final KindDeclaration PLAYLISTS = PlaylistTranslator.KIND;

    private GrafanaKinds() {
    }

    /** Dashboards, folders, playlists, in that order (the order of discovery documents). */
    public static List<KindDeclaration> all() {
        return List.of(DASHBOARDS, FOLDERS, PLAYLISTS);
    }
}
