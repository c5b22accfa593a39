package io.migrationgateway.reports;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Dual-write: what was written to each side over the window, what failed and why, and what is still pending.
 *
 * @param resources        one line per (resource, namespace)
 * @param failures         failures by side and cause
 * @param outboxDepthOverTime entries waiting in the outbox, per time bucket
 * @param pending          the entries still waiting now, oldest first
 */
public record DualWriteReport(ReportHeader header, List<ResourceWrites> resources, List<FailureCause> failures,
                              List<TimePoint> outboxDepthOverTime, List<PendingWrite> pending) implements Report {
    public DualWriteReport {
        Objects.requireNonNull(header, "header");
        resources = List.copyOf(resources);
        failures = List.copyOf(failures);
        outboxDepthOverTime = List.copyOf(outboxDepthOverTime);
        pending = List.copyOf(pending);
    }

    /**
     * @param writes        dual-writes attempted
     * @param legacyOk      of those, written to the legacy side
     * @param unifiedOk     of those, written to unified storage
     * @param compensations legacy creates undone because unified storage refused them
     * @param retries       outbox retries made
     */
    public record ResourceWrites(String resource, String namespace, long writes, long legacyOk, long legacyFailed,
                                 long unifiedOk, long unifiedFailed, long compensations, long retries) {
        public ResourceWrites {
            Objects.requireNonNull(resource, "resource");
        }
    }

    /** Failures of one side for one cause ({@code timeout}, {@code 503}, {@code connection reset}, ...). */
    public record FailureCause(String side, String cause, long count) {
        public FailureCause {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(cause, "cause");
        }
    }

    /** An outbox entry still waiting: what, since when, how often tried, the last error. */
    public record PendingWrite(long id, String resource, String namespace, String name, String side, Instant since,
                               int attempts, String lastError) {
        public PendingWrite {
            Objects.requireNonNull(resource, "resource");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(since, "since");
        }
    }
}
