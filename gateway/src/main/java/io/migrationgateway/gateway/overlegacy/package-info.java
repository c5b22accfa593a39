/**
 * The Resource API served from the legacy API (modes 0–2, as Grafana's own legacy storage does): a {@code ResourceStore}
 * whose calls become the resource's translator's plans, sent to the legacy deployment with the caller's own
 * credentials, and watches fed by polling the legacy database for changes made around the gateway.
 */
package io.migrationgateway.gateway.overlegacy;
