package io.migrationgateway.gateway.admin;

import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.upstream.LegacyClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether this gateway can serve: its database answers, the gateway's client of the legacy side still runs (its
 * threads can end, by an error, while the rest of the process goes on) and the legacy host answers HTTP at all through
 * it (any status counts: a 404 from the health path still proves the host is up). Results say only up or down, never
 * addresses or error texts, because {@code /readyz} answers without credentials.
 */
final class ReadinessCheck {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private final GatewayDatabase database;
    private final LegacyClient legacy;

    ReadinessCheck(GatewayDatabase database, LegacyClient legacy) {
        this.database = database;
        this.legacy = legacy;
    }

    /** Check name to "up" or "down"; the legacy host is down too when the client that would ask it is. */
    Map<String, String> run() {
        Map<String, String> checks = new LinkedHashMap<>();
        checks.put("database", database.isReachable((int) TIMEOUT.toSeconds()) ? "up" : "down");
        boolean clientAlive = legacy.isAlive();
        checks.put("legacyClient", clientAlive ? "up" : "down");
        checks.put("legacy", clientAlive && legacy.hostAnswers(TIMEOUT) ? "up" : "down");
        return checks;
    }
}
