package io.migrationgateway.gateway.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code gateway_resource_mode{resource,namespace}}: the mode this replica serves, per resource for its default
 * ({@code namespace="*"}) and for each namespace override. Read from this replica's flag cache when scraped, so
 * replicas that disagree about a flag show it side by side.
 */
public final class ModeGauges {
    /** The {@code namespace} label of a resource's default mode (every namespace without an override). */
    public static final String DEFAULT_NAMESPACE = "*";

    private final MultiGauge modes;
    private final Supplier<List<ResourceModes>> states;

    public ModeGauges(MeterRegistry registry, Supplier<List<ResourceModes>> states) {
        this.states = states;
        this.modes = MultiGauge.builder("gateway.resource.mode")
                .description("Mode (0-5) this replica serves per resource: its default (namespace *) and each namespace override")
                .register(registry);
    }

    /** Publishes the flags as they are now; a removed override's series goes. */
    public void refresh() {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (ResourceModes state : states.get()) {
            rows.add(row(state.resource(), DEFAULT_NAMESPACE, state.defaultMode().number()));
            if (state.enabled()) {
                for (Map.Entry<String, Mode> override : state.namespaces().entrySet()) {
                    rows.add(row(state.resource(), override.getKey(), override.getValue().number()));
                }
            }
        }
        modes.register(rows, true);
    }

    private static MultiGauge.Row<?> row(String resource, String namespace, int mode) {
        return MultiGauge.Row.of(Tags.of("resource", resource, "namespace", namespace), mode);
    }
}
