/**
 * The admin port: health and readiness without credentials; metrics, info, nodes, the migration flags' admin API and
 * the Togglz console behind the admin credentials.
 */
package io.migrationgateway.gateway.admin;
