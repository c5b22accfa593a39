/**
 * The resource side: reading and building Kubernetes-style objects
 * ({@link io.migrationgateway.translators.resource.ResourceObject}), the labels and annotations by which Grafana keeps
 * legacy facts on them ({@link io.migrationgateway.translators.resource.GrafanaMeta}), and selectors on the legacy id.
 */
package io.migrationgateway.translators.resource;
