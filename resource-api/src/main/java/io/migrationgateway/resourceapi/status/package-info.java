/**
 * Kubernetes {@code Status} errors: the {@link io.migrationgateway.model.Status} body, the
 * {@link io.migrationgateway.resourceapi.status.ApiException} that carries one, and
 * {@link io.migrationgateway.resourceapi.status.StatusErrors}, the one mapping from failures (storage, patch,
 * apply, access) to Statuses.
 */
package io.migrationgateway.resourceapi.status;
