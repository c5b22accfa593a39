/**
 * The one-command demo: embedded PostgreSQL, the seeded legacy simulator and the gateway in front of it.
 */
package io.migrationgateway.gateway.demo;
