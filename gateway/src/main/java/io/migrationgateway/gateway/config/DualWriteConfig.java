package io.migrationgateway.gateway.config;

import java.time.Duration;

/**
 * Dual-write (modes 1–3) and its outbox.
 *
 * @param timeLimit           a write to the second store not finished after this counts as failed (mode 2: the
 *                            caller gets 503; later: the outbox retries it)
 * @param retryInitialBackoff the outbox's first retry waits this long; each further one twice as long
 * @param retryMaxBackoff     ... but never longer than this
 * @param pollInterval        how often each gateway looks for outbox entries that are due
 * @param retryBatch          entries one poll claims at most
 * @param retryAuthorization  the {@code Authorization} header value (a legacy service-account token with Editor or
 *                            Admin rights) the outbox uses to write to the legacy side, where callers' own credentials
 *                            are not kept; empty: entries for the legacy side wait for an operator. A secret
 * @param orphanAfter         a write under way whose gateway has not beaten its heartbeat (every 10 s) for this long
 *                            was left by a gateway that stopped without a clean stop: another one takes it over
 */
public record DualWriteConfig(Duration timeLimit, Duration retryInitialBackoff, Duration retryMaxBackoff, Duration pollInterval,
                              int retryBatch, String retryAuthorization, Duration orphanAfter) {
    public DualWriteConfig {
        Checks.positive("dual-write.time-limit", timeLimit);
        Checks.positive("dual-write.retry-initial-backoff", retryInitialBackoff);
        Checks.positive("dual-write.retry-max-backoff", retryMaxBackoff);
        if (retryMaxBackoff.compareTo(retryInitialBackoff) < 0) {
            throw new ConfigException("dual-write.retry-max-backoff", "must not be shorter than dual-write.retry-initial-backoff");
        }
        Checks.positive("dual-write.poll-interval", pollInterval);
        Checks.range("dual-write.retry-batch", retryBatch, 1, 10_000);
        retryAuthorization = retryAuthorization == null ? "" : retryAuthorization.strip();
        orphanAfter = orphanAfter == null ? Duration.ofSeconds(30) : orphanAfter;
        Checks.positive("dual-write.orphan-after", orphanAfter);
    }

    @Override
    public String toString() {
        return "DualWriteConfig[timeLimit=" + timeLimit + ", retryInitialBackoff=" + retryInitialBackoff + ", retryMaxBackoff="
                + retryMaxBackoff + ", pollInterval=" + pollInterval + ", retryBatch=" + retryBatch + ", retryAuthorization="
                + (retryAuthorization.isEmpty() ? "" : "(set)") + ", orphanAfter=" + orphanAfter + "]";
    }
}
