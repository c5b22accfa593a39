/**
 * The legacy upstream: Undertow's proxy with connect and response timeouts, failure classification into
 * legacy-shaped answers, and the Resilience4j circuit breaker.
 */
package io.migrationgateway.gateway.upstream;
