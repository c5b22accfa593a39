/**
 * The public port's request chain, one small handler per step; {@link io.migrationgateway.gateway.http.GatewayHandlers}
 * lists the order.
 */
package io.migrationgateway.gateway.http;
