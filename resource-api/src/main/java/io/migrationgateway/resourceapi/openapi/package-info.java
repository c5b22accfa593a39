/**
 * OpenAPI v3 for the served group-versions ({@code /openapi/v3} and its documents), built from each kind's Grafana
 * snapshot. OpenAPI v2 is not served: kubectl asks for it as protobuf and treats a 404 as "none".
 */
package io.migrationgateway.resourceapi.openapi;
