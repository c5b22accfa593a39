/**
 * The admin port: health and readiness without credentials; metrics, info and nodes behind HTTP Basic.
 */
package io.migrationgateway.gateway.admin;
