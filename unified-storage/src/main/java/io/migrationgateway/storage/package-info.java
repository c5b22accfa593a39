/**
 * Unified storage: the Resource API's objects on PostgreSQL with Kubernetes semantics.
 *
 * <p>{@link io.migrationgateway.storage.ResourceStore} is the contract (keys, resource versions, lists,
 * watches); its PostgreSQL implementation lives in {@code io.migrationgateway.storage.sql}. Refusals are
 * {@link io.migrationgateway.storage.StorageException}s with a reason the API layer maps to a Kubernetes
 * {@code Status}.
 */
package io.migrationgateway.storage;
