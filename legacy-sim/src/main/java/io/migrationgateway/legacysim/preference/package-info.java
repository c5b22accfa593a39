/**
 * Preferences, as far as the home dashboard needs them: the {@code preferences} rows of a user (in an org) and of an
 * org, Grafana's precedence between them ({@link io.migrationgateway.legacysim.preference.PreferenceStore}), and minimal
 * {@code PUT /api/user/preferences} and {@code PUT /api/org/preferences} that set the home dashboard
 * ({@link io.migrationgateway.legacysim.preference.PreferenceApi}). The simulator has no teams, so no team preference.
 */
package io.migrationgateway.legacysim.preference;
