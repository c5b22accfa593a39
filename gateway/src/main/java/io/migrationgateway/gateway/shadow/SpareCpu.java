package io.migrationgateway.gateway.shadow;

import java.lang.management.ManagementFactory;
import java.util.function.DoubleSupplier;

/**
 * Lowers a {@link CpuBudget} while the machine has little CPU to spare, so that shadow work yields to the answering
 * path instead of taking its configured share from it: on a saturated machine, every CPU-second the shadow threads
 * spend is a CPU-second of queueing for callers (measured: at 2 % of a saturated 2-core machine, the gateway's CPU per
 * proxied read rose by a third in mode 1, and mode 1's p99 with it). The budget earns its full share while at least
 * twice that share of the machine is idle, proportionally less below, and never less than a tenth of it, so that
 * comparisons go on at a trickle on a machine that is busy all the time. Sampled by one thread ({@link #adjust}).
 */
final class SpareCpu {
    /** The least fraction of the configured share a busy machine still grants. */
    static final double FLOOR = 0.1;

    private final CpuBudget budget;
    private final double share;
    private final DoubleSupplier machineLoad;

    /**
     * @param share       the budget's configured share of the machine (0 to 1)
     * @param machineLoad the machine's CPU load since the previous call (0 to 1; negative when unknown)
     */
    SpareCpu(CpuBudget budget, double share, DoubleSupplier machineLoad) {
        this.budget = budget;
        this.share = share;
        this.machineLoad = machineLoad;
    }

    /** The machine's recent CPU load as the JDK reads it (of the container's CPUs where it runs in one). */
    static DoubleSupplier jdkMachineLoad() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os::getCpuLoad;
        }
        return () -> -1;
    }

    /** Sets the budget's rate from the machine's load since the previous call. */
    void adjust() {
        budget.earnFraction(fraction(machineLoad.getAsDouble()));
    }

    /** The fraction of the configured share to earn at {@code load}; all of it when the load is unknown. */
    double fraction(double load) {
        if (load < 0 || Double.isNaN(load)) {
            return 1;
        }
        double idle = 1 - Math.min(load, 1);
        return Math.clamp(idle / (2 * share), FLOOR, 1);
    }
}
