/**
 * The migration jobs in the gateway: started, paused, resumed, cancelled and watched through the admin API
 * ({@code /admin/jobs}) and the {@code migrate} command; run here and shared with the other replicas.
 */
package io.migrationgateway.gateway.jobs;
