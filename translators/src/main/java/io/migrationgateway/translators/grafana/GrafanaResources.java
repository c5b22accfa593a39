package io.migrationgateway.translators.grafana;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.dashboard.LegacyDashboards;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.folder.LegacyFolders;
import io.migrationgateway.translators.playlist.LegacyPlaylists;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import io.migrationgateway.translators.serviceaccount.LegacyServiceAccounts;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTranslator;
import io.migrationgateway.translators.table.LegacyTables;
import java.util.List;

/**
 * Grafana's resources, listed by hand (no scanning): adding a resource is adding its package and its line here
 * (docs/adding-a-resource.md).
 */
public final class GrafanaResources {
    /** The kinds of {@link #tables}, in the same order, for what needs their names without building them. */
    public static final List<KindDeclaration> KINDS = List.of(DashboardTranslator.KIND, FolderTranslator.KIND, PlaylistTranslator.KIND,
            ServiceAccountTranslator.KIND);

    private GrafanaResources() {
    }

    /** Dashboards, folders, playlists and service accounts, in that order (the order of discovery documents). */
    public static LegacyTables tables(TranslatorSettings settings) {
        return LegacyTables.of(List.of(
                new LegacyDashboards(new DashboardTranslator(settings), settings),
                new LegacyFolders(new FolderTranslator(settings, DashboardTranslator.KIND), settings),
                new LegacyPlaylists(new PlaylistTranslator(settings, DashboardTranslator.KIND), settings),
                new LegacyServiceAccounts(new ServiceAccountTranslator(settings), settings)));
    }

    /** The translators of {@link #tables}. */
    public static TranslatorRegistry translators(TranslatorSettings settings) {
        return tables(settings).translators();
    }
}
