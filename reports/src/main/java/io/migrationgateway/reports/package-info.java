/**
 * The operators' reports (DESIGN §8) as immutable values: {@link io.migrationgateway.reports.ShadowReport},
 * {@link io.migrationgateway.reports.DualWriteReport} and {@link io.migrationgateway.reports.VerificationReport}, each
 * with a {@link io.migrationgateway.reports.ReportHeader} that states its window, scope, the data it covers and the
 * gateway version; {@link io.migrationgateway.reports.ReportRenderer} writes them as JSON, CSV or a self-contained HTML
 * page with SVG charts. Whoever has the figures builds the values; this package does not know where they came from.
 */
package io.migrationgateway.reports;
