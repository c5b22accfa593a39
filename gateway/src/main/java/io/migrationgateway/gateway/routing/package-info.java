/**
 * Legacy routes served by their resource's migration mode (DESIGN §3–4). {@link io.migrationgateway.gateway.routing.ModeRouting}
 * puts the step together; {@link io.migrationgateway.gateway.routing.ModeRoute} is the one place that knows the modes:
 * a request no translator owns, or whose resource serves no namespace from unified storage, passes straight through;
 * otherwise the org context ({@code OrgContext}) names the namespace, and mode 4 answers from unified storage
 * ({@code TranslatedAnswer}: the translator's plan run by {@code LegacyPlanRunner}, each call where its kind lives:
 * {@code UnifiedStoreCalls}, or the legacy API for kinds still in modes 0–2),
 * mode 3 answers from unified storage too and copies writes to the legacy side ({@code UnifiedFirst}), modes 1 and 2
 * let the legacy side answer while sampled reads are compared and writes copied to unified storage ({@code LegacyFirst},
 * {@code ShadowReads}), mode 5 answers 410 Gone ({@code RetiredAnswer}), and mode 0 passes through as before.
 */
package io.migrationgateway.gateway.routing;
