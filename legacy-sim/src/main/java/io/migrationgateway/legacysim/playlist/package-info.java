/**
 * Playlists: Grafana 9.3's {@code /api/playlists} endpoints ({@link io.migrationgateway.legacysim.playlist.PlaylistApi})
 * over the {@code playlist} and {@code playlist_item} tables ({@link io.migrationgateway.legacysim.playlist.PlaylistStore}).
 */
package io.migrationgateway.legacysim.playlist;
