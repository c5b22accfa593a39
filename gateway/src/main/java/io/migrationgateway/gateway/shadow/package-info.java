/**
 * Shadow comparison (DESIGN §6): {@link io.migrationgateway.gateway.shadow.ShadowComparisons} runs comparisons off the
 * request path in {@link io.migrationgateway.gateway.budget.BoundedWork} (a Resilience4j bulkhead and time limiter),
 * {@link io.migrationgateway.gateway.compare.StructuralDiff} compares two answers after the rules,
 * {@link io.migrationgateway.gateway.shadow.NoiseThresholds} is Diffy's noise rule,
 * {@link io.migrationgateway.gateway.shadow.ShadowRecords} keeps comparisons and counters in PostgreSQL, and
 * {@link io.migrationgateway.gateway.shadow.ShadowEvidence} hands the gate its figures.
 */
package io.migrationgateway.gateway.shadow;

import io.migrationgateway.gateway.budget.BoundedWork;
import io.migrationgateway.gateway.compare.StructuralDiff;
