/**
 * The public port's request chain, one small handler per step; {@link io.migrationgateway.gateway.GatewayHandlers}
 * lists the order.
 */
package io.migrationgateway.gateway.http;

import io.migrationgateway.gateway.GatewayHandlers;
