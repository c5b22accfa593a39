package io.migrationgateway.jobs;

import io.migrationgateway.jobs.source.LegacyDashboards;
import io.migrationgateway.jobs.source.LegacyFolders;
import io.migrationgateway.jobs.source.LegacyPlaylists;
import io.migrationgateway.jobs.source.LegacyTable;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.playlist.PlaylistTranslator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The legacy tables jobs can run on, by qualified resource, listed by hand. */
public final class LegacyTables {
    private final Map<String, LegacyTable<?>> tables = new LinkedHashMap<>();

    private LegacyTables(List<LegacyTable<?>> tables) {
        tables.forEach(t -> this.tables.put(t.translator().kind().qualifiedResource(), t));
    }

    /** Grafana's dashboards, folders and playlists. */
    public static LegacyTables grafana(TranslatorSettings settings) {
        return new LegacyTables(List.of(new LegacyDashboards(new DashboardTranslator(settings), settings),
            new LegacyFolders(new FolderTranslator(settings), settings),
            new LegacyPlaylists(new PlaylistTranslator(settings), settings)));
    }

    public Optional<LegacyTable<?>> forResource(String qualifiedResource) {
        return Optional.ofNullable(tables.get(qualifiedResource));
    }

    public List<String> resources() {
        return List.copyOf(tables.keySet());
    }
}
