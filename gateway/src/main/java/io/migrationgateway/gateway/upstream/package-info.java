/**
 * The legacy upstream as the request chain reaches it: Undertow's proxy with connect and response timeouts, failure
 * classification into legacy-shaped answers, and the Resilience4j circuit breaker, which the fast lane shares.
 */
package io.migrationgateway.gateway.upstream;
