/**
 * The caller's user and org, and the unauthenticated health check.
 */
package io.migrationgateway.legacysim.account;
