package io.migrationgateway.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The legacy deployment the gateway fronts, and how it talks to it. */
public record LegacyConfig(
        URI url,
        Duration connectTimeout,
        Duration responseTimeout,
        int retries,
        int connectionsPerIoThread,
        int maxQueueSize,
        String healthPath,
        BreakerConfig breaker,
        IdentityCacheConfig identityCache,
        String databaseUrl,
        Duration watchPollInterval) {

    public LegacyConfig {
        url = Checks.httpUrl("legacy.url", url);
        Checks.positive("legacy.connect-timeout", connectTimeout);
        Checks.positive("legacy.response-timeout", responseTimeout);
        Checks.range("legacy.retries", retries, 0, 10);
        Checks.range("legacy.connections-per-io-thread", connectionsPerIoThread, 1, 10_000);
        Checks.range("legacy.max-queue-size", maxQueueSize, 0, 1_000_000);
        if (healthPath == null || !healthPath.startsWith("/")) {
            throw new ConfigException("legacy.health-path", "must start with '/', got '" + healthPath + "'");
        }
        if (breaker == null) {
            throw new ConfigException("legacy.breaker", "is required");
        }
        if (identityCache == null) {
            throw new ConfigException("legacy.identity-cache", "is required");
        }
        databaseUrl = databaseUrl == null ? "" : databaseUrl.strip();
        if (!databaseUrl.isEmpty() && !databaseUrl.startsWith("jdbc:postgresql:")) {
            throw new ConfigException("legacy.database-url", "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db), got '"
                    + databaseUrl.replaceAll("password=[^&]*", "password=***") + "'");
        }
        Checks.positive("legacy.watch-poll-interval", watchPollInterval);
    }

    /** The legacy deployment's database, when configured: for the migration jobs, and for watches over legacy. */
    public Optional<String> database() {
        return databaseUrl.isEmpty() ? Optional.empty() : Optional.of(databaseUrl);
    }

    /**
     * How long the Resource API reuses what the legacy side said about a credential ({@code /api/user},
     * {@code /api/user/orgs}), so that not every request costs two legacy calls.
     *
     * @param ttl        how long an accepted credential's user and roles are reused; a revoked credential
     *                   or a changed role takes effect after at most this long
     * @param refusedTtl how long a credential the legacy side refused is refused again without asking
     */
    public record IdentityCacheConfig(Duration ttl, Duration refusedTtl) {
        public IdentityCacheConfig {
            Checks.positive("legacy.identity-cache.ttl", ttl);
            Checks.positive("legacy.identity-cache.refused-ttl", refusedTtl);
        }
    }

    /** Circuit breaker settings for the legacy upstream. */
    public record BreakerConfig(
            int failureRateThreshold,
            int minimumCalls,
            int slidingWindowSize,
            Duration openDuration,
            int halfOpenCalls) {
        public BreakerConfig {
            Checks.range("legacy.breaker.failure-rate-threshold", failureRateThreshold, 1, 100);
            Checks.range("legacy.breaker.sliding-window-size", slidingWindowSize, 1, 100_000);
            Checks.range("legacy.breaker.minimum-calls", minimumCalls, 1, slidingWindowSize);
            Checks.positive("legacy.breaker.open-duration", openDuration);
            Checks.range("legacy.breaker.half-open-calls", halfOpenCalls, 1, 10_000);
        }
    }
}
