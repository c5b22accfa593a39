package io.migrationgateway.gateway.shadow;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code gateway_shadow_comparisons_total{resource,outcome}}: every sampled read, by how its comparison ended. A
 * resource's counters are registered together the first time it is counted, and found by the resource alone: every
 * read of a resource in mode 1 or 2 is counted here, compared or skipped. Thread-safe.
 */
final class OutcomeCounter {
    private final MeterRegistry registry;
    private final Map<String, Counter[]> counters = new ConcurrentHashMap<>();

    OutcomeCounter(MeterRegistry registry) {
        this.registry = registry;
    }

    void count(String resource, Outcome outcome) {
        counters.computeIfAbsent(resource, this::register)[outcome.ordinal()].increment();
    }

    private Counter[] register(String resource) {
        Outcome[] outcomes = Outcome.values();
        Counter[] byOutcome = new Counter[outcomes.length];
        for (Outcome outcome : outcomes) {
            byOutcome[outcome.ordinal()] = Counter.builder("gateway.shadow.comparisons")
                    .description("Shadow comparisons by outcome (match, mismatch, noise, shadow-error, skipped)")
                    .tag("resource", resource)
                    .tag("outcome", outcome.label())
                    .register(registry);
        }
        return byOutcome;
    }
}
