/**
 * The translators: the pure core that knows both the legacy API ({@code /api/...}) and the Resource API
 * ({@code /apis/...}) of each migrated resource. {@link io.migrationgateway.translators.Translator} is one resource's
 * knowledge (its {@link io.migrationgateway.model.KindDeclaration}, its
 * {@link io.migrationgateway.translators.LegacyRoute}s, plans in both directions, error wording, comparison rules);
 * {@link io.migrationgateway.translators.TranslatorRegistry} lists them and matches legacy paths to them;
 * {@link io.migrationgateway.model.Namespaces} maps orgs to namespaces;
 * {@link io.migrationgateway.translators.RowConverter} turns legacy SQL rows into objects for the migration jobs.
 * No HTTP server, database or flag here: what needs I/O is returned as a plan for the gateway to run.
 */
package io.migrationgateway.translators;
