package io.migrationgateway.gateway.demo;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.gateway.config.GatewayConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one-command demo: an embedded PostgreSQL under the data directory holding both the legacy tables
 * (schema {@code legacy}, seeded on first run) and the gateway's state (schema {@code gateway}), the
 * legacy simulator, and the gateway in front of it. Closing stops all three, gateway first.
 */
public final class Demo implements AutoCloseable {
    /** Where and how to run the demo. */
    public record Settings(String bind, int port, int adminPort, int legacyPort, Path dataDir,
                           Optional<String> adminPassword, Optional<String> legacyAdminPassword) {
    }

    private final GatewayDatabase database;
    private final LegacySim legacy;
    private final Gateway gateway;
    private final DemoCredentials credentials;

    private Demo(GatewayDatabase database, LegacySim legacy, Gateway gateway, DemoCredentials credentials) {
        this.database = database;
        this.legacy = legacy;
        this.gateway = gateway;
        this.credentials = credentials;
    }

    public static Demo start(Settings settings, Map<String, String> env) {
        DemoCredentials credentials = DemoCredentials.loadOrCreate(settings.dataDir(), settings.adminPassword(),
                settings.legacyAdminPassword());
        GatewayDatabase database = GatewayDatabase.open(new DatabaseConfig("", "", "", "gateway"), settings.dataDir());
        LegacySim legacy = null;
        try {
            legacy = LegacySim.start(new LegacySimConfig(settings.bind(), settings.legacyPort(), database.jdbcUrl(), "legacy",
                    credentials.legacyAdminPassword(), credentials.legacyToken(), true));
            Map<String, String> overrides = new LinkedHashMap<>();
            overrides.put("server.host", settings.bind());
            overrides.put("server.port", Integer.toString(settings.port()));
            overrides.put("admin.host", settings.bind());
            overrides.put("admin.port", Integer.toString(settings.adminPort()));
            overrides.put("admin.username", "admin");
            overrides.put("admin.password", credentials.gatewayAdminPassword());
            overrides.put("legacy.url", legacy.baseUrl());
            overrides.put("legacy.health-path", "/api/health");
            overrides.put("database.url", database.jdbcUrl());
            overrides.put("data-dir", settings.dataDir().toString());
            GatewayConfig config = new ConfigLoader().load(Optional.empty(), env, overrides);
            return new Demo(database, legacy, Gateway.start(config), credentials);
        } catch (RuntimeException e) {
            if (legacy != null) {
                legacy.close();
            }
            database.close();
            throw e;
        }
    }

    public Gateway gateway() {
        return gateway;
    }

    public LegacySim legacy() {
        return legacy;
    }

    public DemoCredentials credentials() {
        return credentials;
    }

    @Override
    public void close() {
        gateway.close();
        legacy.close();
        database.close();
    }
}
