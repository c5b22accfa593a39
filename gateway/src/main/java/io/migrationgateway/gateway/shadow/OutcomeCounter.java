package io.migrationgateway.gateway.shadow;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@code gateway_shadow_comparisons_total{resource,outcome}}: every sampled read, by how its comparison ended. Thread-safe. */
final class OutcomeCounter {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    OutcomeCounter(MeterRegistry registry) {
        this.registry = registry;
    }

    void count(String resource, Outcome outcome) {
        counters.computeIfAbsent(resource + ' ' + outcome.label(), key -> Counter.builder("gateway.shadow.comparisons")
                .description("Shadow comparisons by outcome (match, mismatch, noise, shadow-error, skipped)")
                .tag("resource", resource)
                .tag("outcome", outcome.label())
                .register(registry)).increment();
    }
}
