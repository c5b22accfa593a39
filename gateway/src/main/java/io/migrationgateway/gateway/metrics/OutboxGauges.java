package io.migrationgateway.gateway.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code gateway_outbox_pending{resource}} and {@code gateway_outbox_oldest_age_seconds{resource}}: the dual-write
 * entries one store has not taken yet, read from the shared database when scraped. Every flagged resource is published,
 * at 0 when nothing is pending, so that an alert on either never misses a series.
 */
public final class OutboxGauges {
    /** A resource's pending entries: how many, and the oldest one's age by the database's clock, which wrote it. */
    public record Pending(long count, double oldestAgeSeconds) {
    }

    private final MultiGauge depth;
    private final MultiGauge oldestAge;
    private final List<String> resources;
    private final Supplier<Map<String, Pending>> pending;

    public OutboxGauges(MeterRegistry registry, List<String> resources, Supplier<Map<String, Pending>> pending) {
        this.resources = List.copyOf(resources);
        this.pending = pending;
        this.depth = MultiGauge.builder("gateway.outbox.pending")
                .description("Dual-write outbox entries not yet taken by their second store, on every replica")
                .register(registry);
        this.oldestAge = MultiGauge.builder("gateway.outbox.oldest.age")
                .description("Age of the oldest pending outbox entry, 0 when none is pending")
                .baseUnit("seconds")
                .register(registry);
    }

    public void refresh() {
        Map<String, Pending> now = pending.get();
        List<MultiGauge.Row<?>> depths = new ArrayList<>();
        List<MultiGauge.Row<?>> ages = new ArrayList<>();
        for (String resource : resources) {
            Pending entries = now.get(resource);
            Tags tags = Tags.of("resource", resource);
            depths.add(MultiGauge.Row.of(tags, entries == null ? 0 : entries.count()));
            ages.add(MultiGauge.Row.of(tags, entries == null ? 0.0 : entries.oldestAgeSeconds()));
        }
        depth.register(depths, true);
        oldestAge.register(ages, true);
    }
}
