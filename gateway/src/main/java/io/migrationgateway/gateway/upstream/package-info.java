/**
 * The legacy upstream: Undertow's proxy as the request chain reaches it, with connect and response timeouts and failure
 * classification into legacy-shaped answers; {@link io.migrationgateway.gateway.upstream.LegacyClient}, the one client
 * of the legacy side for requests the gateway makes itself; and the Resilience4j circuit breaker, which both share with
 * the fast lane.
 */
package io.migrationgateway.gateway.upstream;
