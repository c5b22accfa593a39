/**
 * Playlists: {@link io.migrationgateway.translators.playlist.PlaylistTranslator} (Grafana 9.3's {@code /api/playlists}
 * over the Resource API, the playlist Resource API over the legacy API, legacy rows) and its views.
 */
package io.migrationgateway.translators.playlist;
