/**
 * The legacy side: a legacy request to a translated route and its caller, a legacy answer, Grafana's error bodies,
 * the binding rules of Grafana's request structs, and Grafana's naming and time conventions.
 */
package io.migrationgateway.translators.legacy;
