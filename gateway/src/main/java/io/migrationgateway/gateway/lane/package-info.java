/**
 * The public port's plain-http listener and its fast lane: pass-through requests relayed by a lean HTTP/1.1 relay on the
 * IO threads ({@link io.migrationgateway.gateway.lane.FastLane}), every other connection handed to Undertow and
 * the request chain of {@link io.migrationgateway.gateway.GatewayHandlers}.
 */
package io.migrationgateway.gateway.lane;
