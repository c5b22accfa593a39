/**
 * First-start seed data (real Grafana dashboards, folders, users, playlists) and the generator and bulk loader
 * for scale runs.
 */
package io.migrationgateway.legacysim.seed;
