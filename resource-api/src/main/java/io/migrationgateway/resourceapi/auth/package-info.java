/**
 * Who is calling: {@link io.migrationgateway.resourceapi.auth.Access} turns an {@code Authorization} header into a
 * {@link io.migrationgateway.resourceapi.auth.Caller} with a {@link io.migrationgateway.resourceapi.auth.Role} per
 * namespace; the gateway implements it against the legacy backend.
 */
package io.migrationgateway.resourceapi.auth;
