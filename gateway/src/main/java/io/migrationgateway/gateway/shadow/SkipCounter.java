package io.migrationgateway.gateway.shadow;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Comparisons that were not made, counted where it costs nothing on the request path (an in-memory adder and a
 * Micrometer counter, {@code gateway_shadow_skipped_total{resource,reason}}) and moved to PostgreSQL by
 * {@link #drainTo} every second: skips happen exactly when the gateway is busiest, so they are never written one by one.
 * Thread-safe.
 */
public final class SkipCounter {
    /** Why comparisons are skipped. */
    public static final String QUEUE_FULL = "queue-full";
    public static final String CPU_BUDGET = "cpu-budget";
    public static final String BODY_TOO_LARGE = "body-too-large";
    public static final String BODY_ENCODED = "body-encoded";
    /** The caller or the legacy side went away in the middle of the answer (the fast lane's reads). */
    public static final String ANSWER_INCOMPLETE = "answer-incomplete";

    /** What was skipped, and why. */
    public record Key(String resource, String namespace, String route, String reason) {
    }

    /** A key's count not yet stored, and its Micrometer counter: one lookup per skip. */
    private record Tally(LongAdder pending, Counter counter) {
    }

    private final MeterRegistry registry;
    private final Map<Key, Tally> tallies = new ConcurrentHashMap<>();

    public SkipCounter(MeterRegistry registry) {
        this.registry = registry;
    }

    public void skipped(Key key) {
        Tally tally = tallies.computeIfAbsent(key, this::tally);
        tally.pending().increment();
        tally.counter().increment();
    }

    private Tally tally(Key key) {
        return new Tally(new LongAdder(), Counter.builder("gateway.shadow.skipped")
                .description("Shadow comparisons not made (queue full, body over the cap, ...)")
                .tag("resource", key.resource())
                .tag("reason", key.reason())
                .register(registry));
    }

    /** Hands the counts since the last drain to {@code records}; counts it could not store are kept for the next one. */
    public void drainTo(ShadowRecords records) {
        Map<Key, Long> taken = new HashMap<>();
        tallies.forEach((key, tally) -> {
            long count = tally.pending().sumThenReset();
            if (count > 0) {
                taken.put(key, count);
            }
        });
        try {
            records.addSkipped(taken);
        } catch (RuntimeException e) {
            taken.forEach((key, count) -> tallies.get(key).pending().add(count));
            throw e;
        }
    }
}
