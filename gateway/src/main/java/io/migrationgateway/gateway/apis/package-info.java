/**
 * The gateway's own Resource API: unified storage, the {@code /apis} handler and the legacy-backed
 * identity check, put together for the public port.
 */
package io.migrationgateway.gateway.apis;
