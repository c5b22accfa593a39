/**
 * Plans: how one API's request is served by the other's, as data. A
 * {@link io.migrationgateway.translators.plan.LegacyPlan} answers a legacy request with
 * {@link io.migrationgateway.translators.plan.ResourceCall}s (modes 3–5); a
 * {@link io.migrationgateway.translators.plan.ResourcePlan} answers a Resource API call with
 * {@link io.migrationgateway.translators.plan.LegacyCall}s (modes 0–2). The gateway runs the calls; the translators
 * never do I/O, and a plan's steps never throw.
 */
package io.migrationgateway.translators.plan;
