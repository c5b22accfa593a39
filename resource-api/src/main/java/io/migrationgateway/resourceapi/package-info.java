/**
 * The Kubernetes-style Resource API ({@code /apis}, discovery, {@code /openapi/v3}, {@code /version}) as one Undertow
 * handler: {@link io.migrationgateway.resourceapi.ResourceApiHandler} is the entry the gateway mounts and lists the
 * request chain; {@link io.migrationgateway.resourceapi.ResourceApiSettings} holds what is configurable.
 */
package io.migrationgateway.resourceapi;
