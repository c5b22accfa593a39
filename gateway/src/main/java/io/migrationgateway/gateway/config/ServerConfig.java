package io.migrationgateway.gateway.config;

/** The public listener: legacy clients connect here. */
public record ServerConfig(String host, int port, int ioThreads, int maxHeaderSize) {
    public ServerConfig {
        Checks.host("server.host", host);
        Checks.port("server.port", port);
        Checks.range("server.io-threads", ioThreads, 0, 1024);
        Checks.range("server.max-header-size", maxHeaderSize, 1024, 1024 * 1024);
    }

    /** IO threads to start: the configured number, or one per available core. */
    public int effectiveIoThreads() {
        return ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
    }
}
