package io.migrationgateway.translators;

/**
 * Hands out new legacy numeric ids, for objects created on the unified side (modes 3–5) that legacy clients will
 * see with an {@code id} and may look up by it. Implemented over PostgreSQL by the gateway; ids must never collide
 * with ids the legacy tables hold or will hand out, and dashboards and folders share one id space (in Grafana's
 * legacy tables both are rows of {@code dashboard}). Thread-safe; may block briefly: plans call it from the step that
 * creates an object (at most once per legacy create), so the gateway runs plan steps where blocking is allowed.
 */
@FunctionalInterface
public interface IdAllocator {
    /**
     * A positive id never handed out before by {@code sequence}, the name of the id space ({@code [a-z_]+}): kinds
     * that share one in Grafana's legacy tables name the same sequence.
     */
    long nextId(String sequence);
}
