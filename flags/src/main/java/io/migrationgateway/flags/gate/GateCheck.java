package io.migrationgateway.flags.gate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One named check of a gate and what it found.
 *
 * @param name    a stable identifier, such as {@code verification} or {@code shadow-comparison}
 * @param verdict what the check says
 * @param message one sentence for an operator, naming the resource, the namespace and the figures
 * @param figures the numbers behind the verdict (counts, rates, thresholds, times as ISO-8601 text), for the audit log
 */
public record GateCheck(String name, Verdict verdict, String message, Map<String, Object> figures) {
    public GateCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(message, "message");
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures)); // kept in the order they were given
    }
}
