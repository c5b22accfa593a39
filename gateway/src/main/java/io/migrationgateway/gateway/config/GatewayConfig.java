package io.migrationgateway.gateway.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The whole, validated configuration of one gateway process. Built once by {@link ConfigLoader} and
 * passed down; every part checks its own values when constructed, so holding one means it is usable.
 */
public record GatewayConfig(
        ServerConfig server,
        AdminConfig admin,
        LegacyConfig legacy,
        ResourceApiConfig resourceApi,
        RoutingConfig routing,
        DatabaseConfig database,
        FlagsConfig flags,
        ShadowConfig shadow,
        DualWriteConfig dualWrite,
        JobsConfig jobs,
        Path dataDir,
        LogConfig log) {

    public GatewayConfig {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(admin, "admin");
        Objects.requireNonNull(legacy, "legacy");
        Objects.requireNonNull(resourceApi, "resource-api");
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(flags, "flags");
        Objects.requireNonNull(shadow, "shadow");
        Objects.requireNonNull(dualWrite, "dual-write");
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(dataDir, "data-dir");
        Objects.requireNonNull(log, "log");
        if (database.poolSize() < 2) {
            throw new ConfigException("database.pool-size", "must be at least 2: the migration flags keep one connection "
                    + "to hear flag changes from other replicas (got " + database.poolSize() + ")");
        }
        if (server.port() != 0 && server.port() == admin.port()) {
            throw new ConfigException("admin.port", "must differ from server.port (both are " + server.port() + ")");
        }
        if (server.tlsPort() != 0 && (server.tlsPort() == server.port() || server.tlsPort() == admin.port())) {
            throw new ConfigException("server.tls-port", "must differ from server.port and admin.port (got " + server.tlsPort() + ")");
        }
    }
}
