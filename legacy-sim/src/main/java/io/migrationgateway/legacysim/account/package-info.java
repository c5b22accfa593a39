/**
 * The caller's user, its orgs and current org, and the unauthenticated health check.
 */
package io.migrationgateway.legacysim.account;
