/**
 * Patches and field ownership, as the apiserver applies them, over plain Jackson trees (no HTTP, no storage).
 *
 * <ul>
 *   <li>{@link io.migrationgateway.resourceapi.patch.MergePatch}: {@code application/merge-patch+json} (RFC 7386).</li>
 *   <li>{@link io.migrationgateway.resourceapi.patch.JsonPatch}: {@code application/json-patch+json} (RFC 6902).</li>
 *   <li>{@link io.migrationgateway.resourceapi.patch.ServerSideApply}: {@code application/apply-patch+yaml}, with
 *       conflicts reported as {@link io.migrationgateway.resourceapi.patch.ApplyConflictException}.</li>
 *   <li>{@link io.migrationgateway.resourceapi.patch.ManagedFields}: {@code metadata.managedFields} bookkeeping for
 *       create, update and the non-apply patches.</li>
 * </ul>
 *
 * <p>Field ownership follows Kubernetes' structured-merge-diff with one simplification: every list is atomic (owned
 * as a whole, {@code "f:panels":{}}) and every object is a map whose keys are fields. Refusals are
 * {@link io.migrationgateway.resourceapi.patch.PatchException}s (400 or 422) and apply conflicts (409).
 */
package io.migrationgateway.resourceapi.patch;
