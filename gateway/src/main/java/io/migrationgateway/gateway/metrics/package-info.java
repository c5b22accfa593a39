/**
 * Prometheus metrics of requests, upstream failures, circuit breakers and the JVM.
 */
package io.migrationgateway.gateway.metrics;
