/** Grafana's naming rules for dashboards and folders: slugs, uids, URLs. */
package io.migrationgateway.legacysim.naming;
