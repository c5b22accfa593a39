package io.migrationgateway.gateway.config;

/** The public listener: legacy clients connect here. */
public record ServerConfig(String host, int port, int ioThreads, int maxHeaderSize, long maxRequestBody) {
    public ServerConfig {
        Checks.host("server.host", host);
        Checks.port("server.port", port);
        Checks.range("server.io-threads", ioThreads, 0, 1024);
        Checks.range("server.max-header-size", maxHeaderSize, 1024, 1024 * 1024);
        Checks.range("server.max-request-body", maxRequestBody, 0, Long.MAX_VALUE);
    }

    /** The body size limit for Undertow: -1 (none) when {@code max-request-body} is 0. */
    public long effectiveMaxRequestBody() {
        return maxRequestBody == 0 ? -1 : maxRequestBody;
    }

    /** IO threads to start: the configured number, or one per available core. */
    public int effectiveIoThreads() {
        return ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
    }
}
