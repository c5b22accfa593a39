/**
 * The resources: the pure core that knows both the legacy API ({@code /api/...}) and the Resource API
 * ({@code /apis/...}) of each migrated resource, one package per resource ({@code dashboard}, {@code folder},
 * {@code playlist}) listed by hand in {@link io.migrationgateway.translators.grafana.GrafanaResources}.
 * {@link io.migrationgateway.translators.Translator} is one resource's knowledge of the APIs (its
 * {@link io.migrationgateway.model.KindDeclaration}, its {@link io.migrationgateway.translators.legacy.LegacyRoute}s,
 * plans in both directions, error wording, comparison rules, its legacy id sequence);
 * {@link io.migrationgateway.translators.table.LegacyTable} is its legacy tables as the jobs and the legacy watch read
 * them; {@link io.migrationgateway.translators.TranslatorRegistry} matches legacy paths to translators. No HTTP
 * server, flag or connection pool here: what needs I/O on a request is returned as a plan for the gateway to run, and
 * the tables run on a connection they are given.
 */
package io.migrationgateway.translators;
