package io.migrationgateway.gateway.routing;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.migrationgateway.flags.mode.Mode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code gateway_resource_requests_total{resource,mode}}: requests on a migrating resource's translated legacy routes,
 * by the mode that served them, so that a dashboard shows traffic moving as modes change (requests carry no resource in
 * {@code gateway_requests_seconds}). A resource's counters are made together the first time it is counted. Thread-safe.
 */
public final class ModeTraffic {
    private final MeterRegistry registry;
    private final Map<String, Counter[]> counters = new ConcurrentHashMap<>();

    public ModeTraffic(MeterRegistry registry) {
        this.registry = registry;
    }

    void served(String resource, Mode mode) {
        counters.computeIfAbsent(resource, this::register)[mode.ordinal()].increment();
    }

    private Counter[] register(String resource) {
        Mode[] modes = Mode.values();
        Counter[] byMode = new Counter[modes.length];
        for (Mode mode : modes) {
            byMode[mode.ordinal()] = Counter.builder("gateway.resource.requests")
                    .description("Requests on a resource's translated legacy routes, by the mode (0-5) serving their namespace")
                    .tag("resource", resource)
                    .tag("mode", Integer.toString(mode.number()))
                    .register(registry);
        }
        return byMode;
    }
}
