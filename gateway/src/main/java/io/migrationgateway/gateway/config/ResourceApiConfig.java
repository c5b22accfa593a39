package io.migrationgateway.gateway.config;

import java.time.Duration;

/**
 * The embedded Resource API ({@code /apis}, discovery, {@code /openapi/v3}) on the public port, and its
 * unified storage in the gateway's database.
 *
 * @param enabled          false = those paths pass through to the legacy side like any other (unified storage still
 *                         answers the legacy routes of resources in mode 4 or 5)
 * @param maxRequestBody   bytes; a larger body is refused with 413 RequestEntityTooLarge
 * @param ha               true when several gateways share the database: watches are then fed by
 *                         polling the history table, so every replica sees every replica's writes
 * @param pollInterval     how often that polling runs
 * @param historyRetention how long every write stays in the history (watch resume, consistent paging);
 *                         older resource versions answer 410 Expired
 * @param maxObjectBytes   the largest object unified storage keeps, as its stored JSON, whatever wrote it; a write of a
 *                         larger one is refused with 413
 */
public record ResourceApiConfig(boolean enabled, int maxRequestBody, boolean ha, Duration pollInterval,
                                Duration historyRetention, int maxObjectBytes) {
    public ResourceApiConfig {
        Checks.range("resource-api.max-request-body", maxRequestBody, 1024, 1024 * 1024 * 1024);
        Checks.range("resource-api.max-object-bytes", maxObjectBytes, 1024, 1024 * 1024 * 1024);
        Checks.positive("resource-api.poll-interval", pollInterval);
        Checks.positive("resource-api.history-retention", historyRetention);
    }
}
