package io.migrationgateway.gateway.config;

import java.time.Duration;

/**
 * Migration jobs (copy, verify, reverse copy), which read and write the legacy tables at {@code legacy.database-url}.
 *
 * @param chunkTarget      the time a chunk should take; chunk sizes adapt toward it
 * @param maxRowsPerSecond the most legacy rows one runner reads per second (0: no limit), to spare the legacy database
 * @param sliceRows        legacy rows per slice, the unit replicas claim and a restart resumes within
 * @param recheckDelay     how long a verification waits before it looks again at a row that differed
 * @param joinInterval     how often a gateway looks for running jobs another replica started, to share their work
 * @param compareRate      objects per second a compare job reads through both paths when it names no rate
 * @param compareAuthorization the {@code Authorization} header value (a legacy credential that can read every org in
 *                         scope) a compare job reads the legacy side and unified storage with; empty: that of
 *                         {@code dual-write.retry-authorization}. A secret
 */
public record JobsConfig(Duration chunkTarget, long maxRowsPerSecond, int sliceRows, Duration recheckDelay, Duration joinInterval,
                         long compareRate, String compareAuthorization) {
    public JobsConfig {
        Checks.positive("jobs.chunk-target", chunkTarget);
        if (maxRowsPerSecond < 0) {
            throw new ConfigException("jobs.max-rows-per-second", "must be 0 (no limit) or more, got " + maxRowsPerSecond);
        }
        Checks.range("jobs.slice-rows", sliceRows, 1, 10_000_000);
        if (recheckDelay == null || recheckDelay.isNegative()) {
            throw new ConfigException("jobs.recheck-delay", "must be zero or more");
        }
        Checks.positive("jobs.join-interval", joinInterval);
        Checks.range("jobs.compare-rate", compareRate, 1, 100_000);
        compareAuthorization = compareAuthorization == null ? "" : compareAuthorization.strip();
    }

    @Override
    public String toString() {
        return "JobsConfig[chunkTarget=" + chunkTarget + ", maxRowsPerSecond=" + maxRowsPerSecond + ", sliceRows=" + sliceRows
                + ", recheckDelay=" + recheckDelay + ", joinInterval=" + joinInterval + ", compareRate=" + compareRate
                + ", compareAuthorization=" + (compareAuthorization.isEmpty() ? "" : "(set)") + "]";
    }
}
