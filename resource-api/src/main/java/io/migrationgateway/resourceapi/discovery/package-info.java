/**
 * Discovery: {@code /version}, legacy and aggregated discovery documents, built from the declared kinds.
 */
package io.migrationgateway.resourceapi.discovery;
