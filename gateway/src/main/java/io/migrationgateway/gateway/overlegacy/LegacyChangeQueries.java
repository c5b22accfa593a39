package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.model.KindDeclaration;
import java.util.Map;
import java.util.Optional;

/**
 * Where each built-in kind's objects show in Grafana's legacy tables (reference §5.1), as (org, uid, a number that
 * moves on every change): the dashboard's version; the folder's update time in microseconds; the playlist's update
 * time (epoch milliseconds). A dashboard Grafana has soft-deleted ({@code deleted} set) is gone for the API, so it
 * is left out like a deleted row. A kind not listed here is watched through the changes the gateway makes only.
 */
final class LegacyChangeQueries {
    private static final Map<String, String> BY_RESOURCE = Map.of(
            "dashboards.dashboard.grafana.app",
            "SELECT org_id, uid, version FROM dashboard WHERE NOT is_folder AND uid IS NOT NULL AND deleted IS NULL",
            "folders.folder.grafana.app",
            "SELECT org_id, uid, (extract(epoch FROM updated) * 1000000)::bigint FROM folder",
            "playlists.playlist.grafana.app",
            "SELECT org_id, uid, updated_at FROM playlist");

    private LegacyChangeQueries() {
    }

    static Optional<LegacyChanges.ChangeQuery> of(KindDeclaration kind) {
        return Optional.ofNullable(BY_RESOURCE.get(kind.qualifiedResource())).map(LegacyChanges.ChangeQuery::new);
    }
}
