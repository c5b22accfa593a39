/**
 * The operators' reports built from the gateway's records (shadow comparisons, dual-writes and the outbox,
 * verifications), served on the admin port and written by the {@code report} command; the overview page of every
 * resource's standing. The report values and their renderers are the {@code reports} module's.
 */
package io.migrationgateway.gateway.reports;
