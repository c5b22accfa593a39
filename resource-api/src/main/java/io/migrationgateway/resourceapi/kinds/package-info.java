/**
 * The kinds the Resource API serves: {@link io.migrationgateway.model.KindDeclaration} says everything
 * about one kind and {@link io.migrationgateway.resourceapi.kinds.Kinds} looks them up by path or group-resource.
 * The gateway declares its kinds from the translators (one declaration per translator); this module's tests use
 * the same Grafana declarations and OpenAPI snapshots, kept in its test sources.
 */
package io.migrationgateway.resourceapi.kinds;
