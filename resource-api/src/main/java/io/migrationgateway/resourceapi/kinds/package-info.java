/**
 * The kinds the Resource API serves: {@link io.migrationgateway.resourceapi.kinds.KindDeclaration} says everything
 * about one kind, {@link io.migrationgateway.resourceapi.kinds.Kinds} looks them up by path or group-resource, and
 * {@link io.migrationgateway.resourceapi.kinds.GrafanaKinds} declares the built-in ones.
 */
package io.migrationgateway.resourceapi.kinds;
